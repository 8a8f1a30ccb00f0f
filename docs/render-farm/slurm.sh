#!/usr/bin/env bash
# One part of a render, as a task of a Slurm job array: task K of N renders --chunk K/N.
#
#   sbatch --array=1-N slurm.sh OUT SCENE [render options…]
#
# OUT is a folder (a PNG sequence: every task writes into it) or a .mp4, .webm or .mov file
# (each task writes OUT.parts/part-K.EXT; slurm-submit.sh queues the join after the array).
# Slurm sets SLURM_ARRAY_TASK_ID (K) and SLURM_ARRAY_TASK_COUNT (N). One core a task: N tasks
# on N cores cost about what one render on N threads does (docs/render-farm.md).
#SBATCH --job-name=snowglobe-part
#SBATCH --cpus-per-task=1
#SBATCH --output=snowglobe-part-%a.log
set -euo pipefail

out=$1 scene=$2
shift 2
k=${SLURM_ARRAY_TASK_ID:?run this through sbatch --array=1-N}
n=${SLURM_ARRAY_TASK_COUNT:?run this through sbatch --array=1-N}
snowglobe=${SNOWGLOBE:-snowglobe}

case "$out" in
  *.mp4|*.webm|*.mov)
    mkdir -p "$out.parts"
    target=$(printf '%s.parts/part-%04d.%s' "$out" "$k" "${out##*.}")
    ;;
  *) target=$out ;;
esac
# The task's cores draw its frames (a render draws with at most 8 threads).
threads=${SLURM_CPUS_PER_TASK:-1}
if [ "$threads" -gt 8 ]; then threads=8; fi
exec "$snowglobe" render "$scene" "$@" --threads "$threads" --chunk "$k/$n" --out "$target"
