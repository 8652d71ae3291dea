#!/bin/sh
# Plays draw-discard and crashes (SIGSEGV) when asked for its third discard.
drawn="" n=0
while IFS= read -r line; do
	case "$line" in
	"/initCard "*) set -- $line; shift $(($# - 1)); drawn=$1 ;;
	"/mo "*) drawn=${line#/mo } ;;
	"/ask throw") n=$((n + 1)); if [ $n = 3 ]; then kill -SEGV $$; fi; echo "/throw $drawn" ;;
	"/ask "*) echo "/pass" ;;
	esac
done
