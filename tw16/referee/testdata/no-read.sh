#!/bin/sh
# Never reads its standard input (nor answers).
exec sleep 600
