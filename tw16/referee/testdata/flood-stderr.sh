#!/bin/sh
# Plays draw-discard correctly while writing 64 KiB to stderr on every draw.
drawn=""
while IFS= read -r line; do
	case "$line" in
	"/initCard "*) set -- $line; shift $(($# - 1)); drawn=$1 ;;
	"/mo "*) drawn=${line#/mo }; head -c 65536 /dev/zero | tr '\0' e >&2 ;;
	"/ask throw") echo "/throw $drawn" ;;
	"/ask "*) echo "/pass" ;;
	esac
done
