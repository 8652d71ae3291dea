#!/bin/sh
# Plays draw-discard, then claims a win (/hu) when asked for its second
# discard, whatever its hand.
drawn="" n=0
while IFS= read -r line; do
	case "$line" in
	"/initCard "*) set -- $line; shift $(($# - 1)); drawn=$1 ;;
	"/mo "*) drawn=${line#/mo } ;;
	"/ask throw") n=$((n + 1)); if [ $n = 2 ]; then echo "/hu"; else echo "/throw $drawn"; fi ;;
	"/ask hu") echo "/hu" ;;
	"/ask "*) echo "/pass" ;;
	esac
done
