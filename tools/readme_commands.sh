#!/usr/bin/env bash
# The README's two commands, written once. README.md (from nbs/index.ipynb) shows them verbatim,
# tests/test_readme_commands.py checks that it does, and .ci/run runs them through this script, so the
# README cannot promise a command that CI does not run.
#
#   tools/readme_commands.sh install-demo    # score the bundled sample data
#   tools/readme_commands.sh install-test    # run the whole test suite
#   tools/readme_commands.sh --print NAME    # print the command, as the README shows it
#
# The commands are run from the repository root by bash, with /usr/bin first on PATH, so that
# `python3` is the distribution's Python (Debian's, externally managed: PEP 668), as on a fresh machine,
# and not a pyenv or conda Python a developer or CI machine may put first. They leave `.venv/` behind;
# activate it (`. .venv/bin/activate`) to run `vmr-lit` or the tests again.
set -euo pipefail

command_text() {
  case "$1" in
    install-demo) printf '%s\n' 'apt-get update && apt-get install -y python3-venv wordnet-base && python3 -m venv .venv && . .venv/bin/activate && pip install -e . && vmr-lit demo' ;;
    install-test) printf '%s\n' 'apt-get update && apt-get install -y python3-venv wordnet-base && python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[dev]" && python -m pytest tests' ;;
    *) echo "readme_commands.sh: unknown command ${1@Q}; expected install-demo or install-test" >&2; exit 2 ;;
  esac
}

case "${1:-}" in
  --print) command_text "${2:-}" ;;
  install-demo|install-test)
    cmd=$(command_text "$1")
    cd "$(dirname "$0")/.."
    if [ -x /usr/bin/python3 ]; then export PATH="/usr/bin:/bin:$PATH"; fi
    echo "+ $cmd"
    DEBIAN_FRONTEND=noninteractive bash -c "set -eo pipefail; $cmd" ;;
  *) echo "usage: tools/readme_commands.sh install-demo|install-test|--print NAME" >&2; exit 2 ;;
esac
