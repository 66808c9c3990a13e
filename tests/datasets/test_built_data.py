"""The session's shared builds (tests/built_data.py): made once, read back equal by another worker."""
import uuid

from tests import built_data


def test_a_build_is_made_once_and_another_worker_reads_it_back_equal(tmp_path_factory):
    calls = []
    key = f"probe-{uuid.uuid4().hex}"

    def build():
        calls.append(1)
        return {"rows": (1, 2.5, "three")}

    first = built_data.shared_build(tmp_path_factory, key, build)
    assert built_data.shared_build(tmp_path_factory, key, build) is first  # in memory
    del built_data._MEMO[key]  # as another xdist worker sees it: only the pickle
    again = built_data.shared_build(tmp_path_factory, key, build)
    assert again == first and again is not first and calls == [1]
