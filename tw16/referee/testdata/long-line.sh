#!/bin/sh
# Plays draw-discard and answers its second /ask throw with a line of
# 10,000 characters.
drawn="" n=0
while IFS= read -r line; do
	case "$line" in
	"/initCard "*) set -- $line; shift $(($# - 1)); drawn=$1 ;;
	"/mo "*) drawn=${line#/mo } ;;
	"/ask throw") n=$((n + 1)); if [ $n = 2 ]; then printf '%10000s\n' "/throw $drawn"; else echo "/throw $drawn"; fi ;;
	"/ask "*) echo "/pass" ;;
	esac
done
