#!/usr/bin/env bash
# Runs the Dockerfile's steps without a Docker engine, so CI proves them on every run:
#   bash scripts/docker-steps.sh           build stage + runtime stage install, in temp directories
#   bash scripts/docker-steps.sh --smoke   ...then start the runtime copy and probe it over HTTP
# The runtime copy has only `npm ci --omit=dev` dependencies and dist/, so a passing smoke test
# shows that no dev dependency is needed at run time. Each step names the Dockerfile line it
# mirrors: change the two files together.
set -euo pipefail

smoke=false
for arg in "$@"; do
  case "$arg" in
    --smoke) smoke=true ;;
    -h | --help)
      sed -n '2,7p' "$0"
      exit 0
      ;;
    *)
      echo "docker-steps: unknown argument '$arg' (use --smoke)" >&2
      exit 2
      ;;
  esac
done

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

work="$(mktemp -d "${TMPDIR:-/tmp}/oshibox-docker.XXXXXX")"
build="$work/build" # the build stage's /app
app="$work/app"     # the runtime stage's /app
data="$work/data"   # the runtime stage's /data
log="$work/server.log"
server_pid=""

step() { printf '\n--- docker-steps: %s\n' "$*"; }

stop_server() {
  [ -n "$server_pid" ] || return 0
  local pid="$server_pid" status=0
  server_pid=""
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "server $pid ignored SIGTERM for 10 s: killing it" >&2
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    return 1
  fi
  wait "$pid" || status=$?
  return "$status"
}

cleanup() {
  local status=$?
  stop_server || true
  if [ "$status" -ne 0 ] && [ -s "$log" ]; then
    echo "--- docker-steps: last lines of the server log ($log)" >&2
    tail -n 30 "$log" | cut -c1-300 >&2 || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

fail() {
  echo "docker-steps: FAILED: $*" >&2
  exit 1
}

# A node_modules folder above the temp directory would let Node resolve packages that the
# image does not have, and hide a missing dependency.
dir="$work"
while [ "$dir" != "/" ]; do
  dir="$(dirname "$dir")"
  [ ! -e "$dir/node_modules" ] || fail "$dir/node_modules exists: set TMPDIR to a directory without one above it"
done
unset NODE_PATH

started=$SECONDS

# ---- stage build ----------------------------------------------------------------------------
# FROM node:22-bookworm-slim AS build / WORKDIR /app   (no NODE_ENV in this stage)
mkdir -p "$build"

step "build: COPY package.json package-lock.json ./"
cp package.json package-lock.json "$build/"

step "build: RUN npm ci"
(cd "$build" && env -u NODE_ENV npm ci)

step "build: COPY shared client server api scripts tsconfig.json (one COPY each)"
cp -R shared client server api scripts "$build/"
cp tsconfig.json "$build/"

step "build: RUN node scripts/build.mjs"
(cd "$build" && env -u NODE_ENV node scripts/build.mjs)
[ -f "$build/dist/main.js" ] || fail "the build made no dist/main.js"

# ---- stage runtime --------------------------------------------------------------------------
# FROM node:22-bookworm-slim AS runtime
# ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 API_PORT=3001 ADMIN_PORT=3002 DATA_DIR=/data
# WORKDIR /app
mkdir -p "$app"

step "runtime: COPY package.json package-lock.json ./"
cp package.json package-lock.json "$app/"

step "runtime: RUN npm ci --omit=dev   (with NODE_ENV=production, as the ENV line sets it)"
(cd "$app" && NODE_ENV=production npm ci --omit=dev)
for dev_only in typescript esbuild vitest; do
  [ ! -e "$app/node_modules/$dev_only" ] || fail "dev dependency $dev_only was installed in the runtime stage"
done

step "runtime: COPY --from=build /app/dist ./dist"
cp -R "$build/dist" "$app/dist"

step "runtime: RUN mkdir -p /data && chown node:node /data   /   USER node"
mkdir -p "$data"
# USER node: when we are root, run the server as `nobody` over root-owned files, as in the image
# (the runtime /app is owned by root there too, so the app must not write outside /data).
run_as=()
if [ "$(id -u)" -eq 0 ]; then
  chmod 755 "$work"
  chown nobody:nogroup "$data"
  run_as=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
fi

echo
echo "docker-steps: stages done in $((SECONDS - started)) s (runtime node_modules: $(du -sh "$app/node_modules" | cut -f1))"
$smoke || exit 0

# ---- smoke test: ENTRYPOINT ["node", "dist/main.js"] + CMD ["all"] ----------------------------
# Free ports for all four listeners (web, API, metrics, console), taken while all are held so that
# they differ: a fixed one (the metrics port's default 9464) fails whenever another shop holds it.
read -r web_port api_port metrics_port admin_port < <(node -e '
  const net = require("node:net");
  const held = [0, 1, 2, 3].map(() => new Promise((resolve) => { const s = net.createServer().listen(0, "127.0.0.1", () => resolve(s)); }));
  Promise.all(held).then((servers) => {
    console.log(servers.map((s) => s.address().port).join(" "));
    servers.forEach((s) => s.close());
  });')
if [ -z "${web_port:-}" ] || [ -z "${api_port:-}" ] || [ -z "${metrics_port:-}" ] || [ -z "${admin_port:-}" ]; then
  fail "could not find four free ports"
fi

# start_server ROLE: `node dist/main.js ROLE` as the image runs it, in the background.
# env -i: only the image's ENV (HOST bound to loopback here), nothing leaked from this shell
# (a DATABASE_URL, say). PATH is kept so that `node` is found.
start_server() {
  step "smoke: node dist/main.js $1  (HOST=127.0.0.1 PORT=$web_port API_PORT=$api_port METRICS_PORT=$metrics_port ADMIN_PORT=$admin_port DATA_DIR=$data)"
  (cd "$app" && exec env -i PATH="$PATH" HOME="$data" NODE_ENV=production HOST=127.0.0.1 \
    PORT="$web_port" API_PORT="$api_port" METRICS_PORT="$metrics_port" ADMIN_PORT="$admin_port" DATA_DIR="$data" \
    "${run_as[@]}" node dist/main.js "$1") >>"$log" 2>&1 &
  server_pid=$!
}

# GET url -> prints the status (0 when there is no answer) and writes the body to $2.
http_get() {
  node -e '
    const [url, file] = process.argv.slice(1);
    fetch(url, { signal: AbortSignal.timeout(5000) })
      .then(async (r) => { require("node:fs").writeFileSync(file, await r.text()); console.log(r.status); })
      .catch(() => console.log(0));' "$1" "$2"
}

body="$work/body"
# wait_healthy URL: until URL/healthz answers 200 (60 s at most; the first start migrates and seeds).
wait_healthy() {
  for _ in $(seq 1 120); do
    kill -0 "$server_pid" 2>/dev/null || fail "the server exited during start-up"
    [ "$(http_get "$1/healthz" "$body")" != "200" ] || return 0
    sleep 0.5
  done
  fail "GET $1/healthz did not answer 200 within 60 s"
}

# HEALTHCHECK ... CMD <command>: taken from the Dockerfile itself (continuation lines joined),
# and run as Docker runs a shell-form CMD: /bin/sh -c, in WORKDIR, with the image's ENV. No
# container here, so HEALTHCHECK_PID points it at the server instead of PID 1.
healthcheck="$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' Dockerfile | sed -n 's/^HEALTHCHECK .*CMD[[:space:]]\{1,\}//p')"
[ -n "$healthcheck" ] || fail "no HEALTHCHECK ... CMD line in the Dockerfile"
echo "HEALTHCHECK: $healthcheck"
run_healthcheck() {
  (cd "$app" && env -i PATH="$PATH" HOST=0.0.0.0 PORT="$web_port" API_PORT="$api_port" ADMIN_PORT="$admin_port" HEALTHCHECK_PID="$1" \
    "${run_as[@]}" /bin/sh -c "$healthcheck")
}

# expect_health ROLE: exit 0 against the running server; after `docker stop`, non-zero, or the
# probe proves nothing.
expect_health() {
  local pid="$server_pid"
  run_healthcheck "$pid" || fail "the HEALTHCHECK command failed against a running role $1 server"
  echo "HEALTHCHECK (role $1) -> exit 0 (healthy)"
  step "smoke: docker stop (SIGTERM) of role $1: the server must exit 0 within 10 s"
  # The stopped server's command line is gone with it: the role is named here instead.
  stop_server || fail "the role $1 server did not shut down cleanly on SIGTERM"
  echo "server stopped with exit 0"
  if (cd "$app" && env -i PATH="$PATH" HOST=0.0.0.0 PORT="$web_port" API_PORT="$api_port" ADMIN_PORT="$admin_port" /bin/sh -c "$healthcheck $1"); then
    fail "the HEALTHCHECK command exited 0 with no role $1 server running"
  fi
  echo "HEALTHCHECK (role $1) -> non-zero once the server is gone (as it should)"
}

start_server all
base="http://127.0.0.1:$web_port"
wait_healthy "$base"
echo "GET /healthz -> 200 after $((SECONDS - started)) s in total"

status="$(http_get "$base/" "$body")"
[ "$status" = "200" ] || fail "GET / answered $status"
grep -q '<html' "$body" || fail "GET / is not an HTML page"
echo "GET / -> 200, $(wc -c <"$body") bytes of HTML"

status="$(http_get "$base/readyz" "$body")"
[ "$status" = "200" ] || fail "GET /readyz answered $status: $(cat "$body")"
echo "GET /readyz -> 200 $(cat "$body")"

# Role all runs the operator console on ADMIN_PORT; the shop's port never serves it.
status="$(http_get "http://127.0.0.1:$admin_port/login" "$body")"
[ "$status" = "200" ] || fail "GET /login on ADMIN_PORT answered $status"
echo "GET /login on ADMIN_PORT -> 200"
status="$(http_get "$base/admin" "$body")"
[ "$status" = "404" ] || fail "GET /admin on PORT answered $status, not 404"

# The operator command as the image runs it (`docker exec … node dist/ops.js billing`): on the
# embedded database it asks the running API and prints one JSON summary line.
ops_out="$(cd "$app" && env -i PATH="$PATH" HOME="$data" NODE_ENV=production API_PORT="$api_port" DATA_DIR="$data" \
  "${run_as[@]}" node dist/ops.js billing)" || fail "node dist/ops.js billing failed: $ops_out"
echo "$ops_out" | grep -q '"reserved":' || fail "node dist/ops.js billing printed no summary: $ops_out"
echo "node dist/ops.js billing -> $ops_out"
expect_health all

# Each role's check asks what that role serves: api has no web port, web none of the API's.
start_server api
wait_healthy "http://127.0.0.1:$api_port"
expect_health api

start_server web
wait_healthy "$base"
expect_health web

start_server admin
wait_healthy "http://127.0.0.1:$admin_port"
expect_health admin

echo
echo "docker-steps: smoke test passed in $((SECONDS - started)) s"
