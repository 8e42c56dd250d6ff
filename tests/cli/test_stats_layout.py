"""``stats``' readable table: the hand-made layout is pandas' ``to_string(index=False)``."""

from __future__ import annotations

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from histparse.cli.stats_table import fixed_width as _fixed_width

# Visible text only: ``readable`` passes every name through ``safe_text.visible`` first.
_VISIBLE = st.characters(min_codepoint=33, max_codepoint=0x17F, exclude_categories=("Cc", "Zs"))
_TEXT = st.text(_VISIBLE, min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 8), st.data())
def test_fixed_width_is_to_string(n_cols: int, n_rows: int, data: st.DataObject) -> None:
    headers = data.draw(st.lists(_TEXT, min_size=n_cols, max_size=n_cols, unique=True))
    cols = {h: data.draw(st.lists(_TEXT, min_size=n_rows, max_size=n_rows)) for h in headers}
    assert _fixed_width(cols) == pd.DataFrame(cols).to_string(index=False)
