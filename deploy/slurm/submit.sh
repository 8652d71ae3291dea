#!/bin/bash
# Submit a main-job run as a Slurm job array of TASKS shards, then the merge
# as a job that starts when every shard has succeeded.
#
#   deploy/slurm/submit.sh TASKS        (settings: see mjsolve-array.sbatch)
#
# Prints the two job ids.
set -euo pipefail
tasks=${1:?usage: submit.sh TASKS}
here=$(cd "$(dirname "$0")" && pwd)
array=$(sbatch --parsable --export=ALL --array=0-$((tasks - 1)) "$here/mjsolve-array.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --export=ALL --dependency=afterok:"$array" "$here/merge.sbatch")
echo "array job $array ($tasks tasks), merge job ${merge%%;*}"
