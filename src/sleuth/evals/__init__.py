"""Evals: suites of cases as data, graders with reasons, failure classes, metrics with
their baselines, and reports. See `sleuth.evals.runner.run_eval`."""
