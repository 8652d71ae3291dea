#!/bin/sh
# A well-behaved player: claims nothing and discards the tile it drew (the
# last dealt one on the dealer's first turn). It quits when its input ends,
# after /exit, so that --reuse can keep it from hand to hand.
drawn=""
while IFS= read -r line; do
	case "$line" in
	"/initCard "*) set -- $line; shift $(($# - 1)); drawn=$1 ;;
	"/mo "*) drawn=${line#/mo } ;;
	"/ask throw") echo "/throw $drawn" ;;
	"/ask "*) echo "/pass" ;;
	esac
done
