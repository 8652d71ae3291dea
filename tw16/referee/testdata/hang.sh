#!/bin/sh
# Plays draw-discard and hangs when asked for its second discard (and
# ignores the end of its input).
drawn="" n=0
while IFS= read -r line; do
	case "$line" in
	"/initCard "*) set -- $line; shift $(($# - 1)); drawn=$1 ;;
	"/mo "*) drawn=${line#/mo } ;;
	"/ask throw") n=$((n + 1)); if [ $n = 2 ]; then sleep 600; fi; echo "/throw $drawn" ;;
	"/ask "*) echo "/pass" ;;
	esac
done
