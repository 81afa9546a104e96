#!/bin/bash
# What the keyring costs a command: `inv auth token` 20 times with the tokens (and client secret) in the Secret Service,
# then 20 times with them in the file, against one sandbox each; `node -e 0` 20 times for the machine's floor.
# Needs dbus-run-session, gnome-keyring and secret-tool: run it as `bench/keyring.sh` (it starts its own D-Bus session).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${INV_BENCH_INNER:-}" ]; then
  INV_BENCH_INNER=1 exec dbus-run-session -- "$0" 2> >(grep -v dbus-daemon >&2)
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export HOME="$WORK/home" INV_STATE_DIR="$WORK/state"
mkdir -p "$HOME"
eval "$(printf pw | gnome-keyring-daemon --unlock --components=secrets)" >/dev/null
printf probe | secret-tool store --label=probe probe probe
INV="$ROOT/bin/inv.js"
mean() { # mean wall time in ms of 20 runs of "$@"
  local start end
  start=$(date +%s%N)
  for _ in $(seq 20); do "$@" >/dev/null; done
  end=$(date +%s%N)
  echo $(((end - start) / 20000000))
}
echo "node -e 0: $(mean node -e 0) ms"
for mode in keyring file; do
  export INV_CONFIG_DIR="$WORK/$mode"
  [ "$mode" = file ] && unset DBUS_SESSION_BUS_ADDRESS
  node "$INV" sandbox --port 0 --ephemeral --save-profile sb --json >"$WORK/sb-$mode.json" 2>/dev/null &
  sandbox=$!
  for _ in $(seq 100); do [ -s "$WORK/sb-$mode.json" ] && break; sleep 0.1; done
  sleep 0.5
  password=$(node -e "process.stdout.write(JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8')).login.password)" "$WORK/sb-$mode.json")
  printf %s "$password" | node "$INV" --profile sb login --password --username demo --password-stdin 2>/dev/null
  kept=$(node "$INV" --profile sb auth status --json | node -e "let t='';process.stdin.on('data',d=>t+=d).on('end',()=>process.stdout.write(JSON.parse(t).tokensKept))")
  echo "inv auth token, tokens in the $mode ($kept): $(mean node "$INV" --profile sb auth token) ms"
  kill "$sandbox"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
