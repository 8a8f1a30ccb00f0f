#!/usr/bin/env bash
# Queues a render in N parts as a Slurm job array, and the join to run when every part is done.
#
#   slurm-submit.sh N OUT SCENE [render options…]
set -euo pipefail

parts=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
array=$(sbatch --parsable --array=1-"$parts" "$here/slurm.sh" "${@:2}")
case "$out" in
  *.mp4|*.webm|*.mov)
    list=$(for k in $(seq 1 "$parts"); do printf '%q ' "$(printf '%s.parts/part-%04d.%s' "$out" "$k" "${out##*.}")"; done)
    sbatch --dependency=afterok:"$array" --job-name=snowglobe-join \
      --wrap "${SNOWGLOBE:-snowglobe} join $list--out $(printf '%q' "$out") && rm -r $(printf '%q' "$out.parts")"
    ;;
esac
