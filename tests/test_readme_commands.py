"""The README's two install commands are the ones `tools/readme_commands.sh` runs and `.ci/run` calls.

README.md is generated from nbs/index.ipynb; both must show each command verbatim in a `sh` block."""
import json
import re
import subprocess
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / 'tools' / 'readme_commands.sh'
NAMES = ['install-demo', 'install-test']


def script_command(name):
    return subprocess.run(['bash', str(SCRIPT), '--print', name], capture_output=True, text=True, check=True).stdout.strip()


def sh_blocks(text):
    return [b.strip() for b in re.findall(r"```\s*sh\n(.*?)```", text, flags=re.S)]


@pytest.mark.parametrize('name', NAMES)
def test_readme_shows_the_script_command(name):
    cmd = script_command(name)
    assert cmd.startswith('apt-get update && apt-get install -y python3-venv wordnet-base && python3 -m venv .venv')
    assert sh_blocks((ROOT / 'README.md').read_text()).count(cmd) == 1, f"README.md does not show {cmd!r}"
    index = ''.join(''.join(c['source']) for c in json.loads((ROOT / 'nbs' / 'index.ipynb').read_text())['cells'])
    assert sh_blocks(index).count(cmd) == 1, f"nbs/index.ipynb does not show {cmd!r}"


def test_readme_shows_no_other_install_command():
    blocks = [b for b in sh_blocks((ROOT / 'README.md').read_text()) if 'pip install' in b or 'apt-get' in b]
    assert sorted(blocks) == sorted(script_command(n) for n in NAMES)


def test_ci_runs_both_commands():
    ci = (ROOT / '.ci' / 'run').read_text()
    for name in NAMES: assert re.search(rf"^\s*(bash )?tools/readme_commands\.sh {name}\s*$", ci, flags=re.M), name


def test_unknown_name_is_an_error():
    r = subprocess.run(['bash', str(SCRIPT), '--print', 'install-everything'], capture_output=True, text=True)
    assert r.returncode == 2 and 'expected install-demo or install-test' in r.stderr and r.stdout == ''
