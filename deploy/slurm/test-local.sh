#!/bin/bash
# Test the Slurm path for real on this machine: start a single-node Slurm
# cluster (Debian's slurm-wlm and munge; configuration, state and logs under
# a temporary directory; the daemons stopped on exit), run a main job as a
# TASKS-task job array with submit.sh (shards, then the dependent merge with
# "analysis merge -o"), and check that the merged records equal a
# single-process run's record for record (times apart).
#
#   sudo deploy/slurm/test-local.sh [TASKS] [BOARDS] [LAYOUT]
#
# Needs root (slurmd runs jobs as their user), and installs slurm-wlm and
# munge with apt-get when they are missing. Not part of "go test".
set -euo pipefail
tasks=${1:-4}
boards=${2:-2000}
layout=${3:-turtle}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  apt-get install -y slurm-wlm munge >/dev/null
fi
T=$(mktemp -d /tmp/mjsolve-slurm.XXXXXX)
chmod 755 "$T"
pids=()
cleanup() {
  local rc=$?
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  if [ $rc -ne 0 ]; then
    echo "FAILED; logs:" >&2
    tail -n 20 "$T"/*.log >&2 || true
  fi
  rm -rf "$T"
  exit $rc
}
trap cleanup EXIT

echo "building mjsolve"
(cd "$repo" && go build -o "$T/mjsolve" ./cmd/mjsolve)

# munge with a key and socket of its own.
mkdir -p "$T/munge"
dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
chmod 700 "$T/munge"
chmod 400 "$T/munge/munge.key"
munged --foreground --force --key-file="$T/munge/munge.key" --socket="$T/munge/munge.sock" \
  --pid-file="$T/munge/munged.pid" --log-file="$T/munged.log" --seed-file="$T/munge/munged.seed" &
pids+=($!)
for _ in $(seq 50); do [ -S "$T/munge/munge.sock" ] && break; sleep 0.1; done

host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$T/state" "$T/spool"
cat > "$T/slurm.conf" <<CONF
ClusterName=mjsolve-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge/munge.sock
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
MailProg=/bin/true
NodeName=mjnode NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=mjnode Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$T/slurm.conf
slurmctld -D -c -f "$SLURM_CONF" &
pids+=($!)
slurmd -D -N mjnode -f "$SLURM_CONF" &
pids+=($!)
for _ in $(seq 100); do
  sinfo -h -N -o '%T' 2>/dev/null | grep -Eq '^(idle|mixed|allocated)' && break
  sleep 0.2
done
sinfo -N

export MJSOLVE=$T/mjsolve MJSOLVE_LAYOUT=$layout MJSOLVE_BOARDS=$boards MJSOLVE_SEED=1 MJSOLVE_OUT=$T/out
cd "$T"
start=$(date +%s)
"$here/submit.sh" "$tasks" | tee "$T/submit.txt"
merge=$(sed -E 's/.*merge job ([0-9]+).*/\1/' "$T/submit.txt")
for _ in $(seq 3000); do
  [ -z "$(squeue -h 2>/dev/null)" ] && break
  sleep 0.2
done
[ -z "$(squeue -h)" ] || { echo "jobs still queued:"; squeue; exit 1; }
echo "array and merge done in $(( $(date +%s) - start )) s"
echo "--- merge job's output"
cat "$T"/mjsolve-merge-"$merge".log
ls "$T"/out

# One process over the same games, then record for record.
"$T/mjsolve" solitaire --layout "$layout" --boards "$boards" --seed 1 --out "$T/single.jsonl.zst" >/dev/null
strip() { zstdcat "$1" | sed -E 's/,"(ns|cpu_ns)":[0-9]+//g'; }
if cmp -s <(strip "$T/out/all.jsonl.zst") <(strip "$T/single.jsonl.zst"); then
  echo "PASS: $tasks shards merged = one run, $(strip "$T/single.jsonl.zst" | tail -n +2 | wc -l) records (times apart)"
else
  diff <(strip "$T/out/all.jsonl.zst") <(strip "$T/single.jsonl.zst") | head
  echo "FAIL: the merged records differ from the single run"
  exit 1
fi
