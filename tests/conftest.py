"""Say in pytest's header which optional test flags are on, so a log shows whether the `data` cells ran
(on when the shared folder with real data sits beside the repository, or VMR_LIT_SHARED names one)."""


def pytest_report_header(config):
    from test_notebooks import _flags, _skip_flags
    return [f"vmr_lit test flags on: {' '.join(sorted(_flags())) or '(none)'}; "
            f"cells skipped with flags: {' '.join(_skip_flags()) or '(none)'}"]
