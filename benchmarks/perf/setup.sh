#!/bin/sh
# Installs what the Python peers of `npm run bench:perf` need: Debian's python3 with
# NumPy, SciPy and cvxopt (CHOLMOD). Idempotent: installs only what is missing.
set -eu
PY=/usr/bin/python3
if [ -x "$PY" ] && "$PY" -c 'import numpy, scipy, cvxopt' 2>/dev/null; then
  echo "bench:perf peers ready: $("$PY" -c 'import numpy, scipy, cvxopt; print("numpy", numpy.__version__, "scipy", scipy.__version__, "cvxopt", cvxopt.__version__)')"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -q
$SUDO apt-get install -y -q python3 python3-numpy python3-scipy python3-cvxopt
"$PY" -c 'import numpy, scipy, cvxopt' && echo "bench:perf peers installed"
