#!/usr/bin/env bash
# Mirrors deploy/compose.yaml and deploy/kubernetes/ without a container engine or a cluster,
# as scripts/docker-steps.sh mirrors the Dockerfile:
#   bash scripts/deploy-steps.sh               the files' checks, then each role started as they say
#   bash scripts/deploy-steps.sh --files-only  the files' checks only (what `npm test` also runs)
# (a) every setting each role gets parses with shared/config.ts and is one the shop knows;
# (b) probes, health checks, ports, grace period and drain delay fit what each role serves;
# (c) one api, web and admin per file started from dist/ (`node dist/main.js <role>`) on a
#     scratch PostgreSQL database, probed, then stopped with SIGTERM within the grace period.
# DEPLOY_ADMIN_URL names the PostgreSQL server for (c) (default postgres://root@127.0.0.1:5432/test).
set -euo pipefail

files_only=false
for arg in "$@"; do
  case "$arg" in
    --files-only) files_only=true ;;
    -h | --help)
      sed -n '2,10p' "$0"
      exit 0
      ;;
    *)
      echo "deploy-steps: unknown argument '$arg' (use --files-only)" >&2
      exit 2
      ;;
  esac
done

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

if $files_only; then
  exec node_modules/.bin/tsx scripts/deploy/main.ts --files-only
fi

if [ "${TESTS_DIST_BUILT:-}" = 1 ] && [ -f dist/main.js ]; then
  # CI's own build step made dist/ from this tree, and browser tests may be reading it right now.
  echo "--- deploy-steps: dist/ is this run's build (TESTS_DIST_BUILT=1): not built again"
else
  echo "--- deploy-steps: node scripts/build.mjs (the image's build stage)"
  node scripts/build.mjs
fi
exec node_modules/.bin/tsx scripts/deploy/main.ts
