#!/bin/sh
# Plays draw-discard, then answers its third /ask throw with garbage.
drawn="" n=0
while IFS= read -r line; do
	case "$line" in
	"/initCard "*) set -- $line; shift $(($# - 1)); drawn=$1 ;;
	"/mo "*) drawn=${line#/mo } ;;
	"/ask throw") n=$((n + 1)); if [ $n = 3 ]; then echo "I would rather not"; else echo "/throw $drawn"; fi ;;
	"/ask "*) echo "/pass" ;;
	esac
done
