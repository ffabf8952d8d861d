"""A deploy over the previous version, cut at a sample of its flash operations (make deploy-cuts
cuts at every one): on CircuitPython's own FAT over the modelled flash, no cut runs half an app,
the nvm is never written, and the uncut deploy ends with the new app running and the owner's
files whole. benchmarks/cp_deploy_cuts.py says what each outcome means.
"""

import os
import subprocess

import pytest

from benchmarks import deploy_cuts
from benchmarks.cp_app import INTERP

pytestmark = pytest.mark.skipif(not os.access(INTERP, os.X_OK), reason=(
    "CircuitPython's interpreter is not at %s (../shared/tools/BUILD.md builds it)" % INTERP))


def previous_in_history():
    done = subprocess.run(["git", "-C", deploy_cuts.ROOT, "cat-file", "-e",
                           deploy_cuts.PREVIOUS + "^{commit}"], capture_output=True)
    return done.returncode == 0


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    if not previous_in_history():
        pytest.skip("the previous version (commit %s) is not in this clone's history (a shallow clone?)"
                    % deploy_cuts.PREVIOUS[:10])
    # Every 401st operation, and all of the first and last 40: where the previous code.py gives
    # way to the stub, and where the new manifest and the loader land.
    return deploy_cuts.sweep(str(tmp_path_factory.mktemp("deploy_cuts")), every=401, ends=40, timeout=900)


def test_no_cut_runs_half_an_app(sample):
    results, cuts = sample
    assert results["count HALF"] == "0", "\n".join(cuts)
    assert results["sizes_only_half"] == "0"


def test_every_cut_point_has_one_outcome_and_the_sample_meets_each_phase(sample):
    results, _ = sample
    counts = {k: int(results["count " + k]) for k in deploy_cuts.OUTCOMES}
    assert sum(counts.values()) == int(results["points"]) > 100
    assert counts["old"] and counts["new"] and counts["incomplete"]


def test_the_deploy_never_writes_the_nvm_and_ends_with_the_new_app(sample):
    results, _ = sample
    assert results["nvm_touched"] == "0"
    assert results["after"] == "new kept"
