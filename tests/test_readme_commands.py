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


def test_ci_runs_both_commands_in_fresh_clones():
    "CI runs each README command in a fresh clone of its own (nothing beside it), and the tests again beside ../shared."
    ci = (ROOT / '.ci' / 'run').read_text()
    for name, clone in (('install-demo', 'demo'), ('install-test', 'test')):
        assert re.search(rf'^\s*"\$FRESH/{clone}/tools/readme_commands\.sh" {name}\s*$', ci, flags=re.M), name
        assert re.search(rf'^git clone -q "\$REPO" "\$FRESH/{clone}"$', ci, flags=re.M), clone
    assert re.search(r"^\s*tools/readme_commands\.sh install-test\s*$", ci, flags=re.M)


def test_unknown_name_is_an_error():
    r = subprocess.run(['bash', str(SCRIPT), '--print', 'install-everything'], capture_output=True, text=True)
    assert r.returncode == 2 and 'expected install-demo or install-test' in r.stderr and r.stdout == ''


def test_readme_links_resolve_in_the_repository():
    "README.md is read in the repository: every relative link and image points to a file that is there."
    text = (ROOT / 'README.md').read_text()
    targets = re.findall(r'!?\[[^\]]*\]\(\s*<?([^)\s>#]+)', text) + re.findall(r'(?:href|src)="([^"#]+)"', text)
    local = [t for t in targets if not re.match(r'[a-z]+:', t)]
    assert local, "README.md has no relative links to check"
    missing = sorted({t for t in local if not (ROOT / t).exists()})
    assert not missing, f"README.md links to files that are not in the repository: {missing}"


def test_readme_html_is_balanced():
    "No notebook-output wrapper is left open in README.md."
    text = (ROOT / 'README.md').read_text()
    for tag in ('div', 'table', 'style'):
        assert len(re.findall(rf'<{tag}\b', text)) == len(re.findall(rf'</{tag}>', text)), tag
