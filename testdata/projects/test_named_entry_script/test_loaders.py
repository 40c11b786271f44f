import pytest

from clipkit import loaders


@pytest.mark.parametrize("views", [1])
def test_make_loader(views):
    assert len(loaders.make_loader(views)) > 0
