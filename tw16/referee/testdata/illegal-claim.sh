#!/bin/sh
# Plays draw-discard but claims every discard it is asked about with two
# tiles of its deal that do not make the meld (or a kong with three).
drawn="" a="" b="" c=""
while IFS= read -r line; do
	case "$line" in
	"/initCard "*) set -- $line; a=$2 b=$3 c=$4; shift $(($# - 1)); drawn=$1 ;;
	"/mo "*) drawn=${line#/mo } ;;
	"/ask throw") echo "/throw $drawn" ;;
	"/ask pong") echo "/pong $a $b" ;;
	"/ask eat") echo "/eat $a $b" ;;
	"/ask gong") echo "/gong 4 $a $b $c" ;;
	"/ask "*) echo "/pass" ;;
	esac
done
