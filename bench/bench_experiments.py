"""Speed of the AxIoU-paper experiments (vmr_lit.analysis.agreement, vmr_lit.analysis.noise): vectorised vs a plain loop.

Run: python bench/bench_experiments.py   (reports times and ratios, no pass/fail)."""
import time
import numpy as np
from scipy.stats import kendalltau
from vmr_lit.analysis.systems import synthetic_gt, synthetic_family, system_set, PAPER_MEASURES
from vmr_lit.analysis.agreement import experiment_values, stability
from vmr_lit.analysis.noise import label_noise_rmse


def loop_stability(v, n, n_trials, seed):
    "The obvious implementation: per trial, per measure, boolean indexing and scipy's kendalltau."
    r = np.random.default_rng(seed); out = []
    Q = v.shape[-1]
    for _ in range(n_trials):
        perm = r.permutation(Q)
        A, B = perm[:n], perm[n:2 * n]
        out.append([kendalltau(v[i][:, A].mean(1), v[i][:, B].mean(1)).statistic for i in range(len(v))])
    return np.array(out)


def main():
    gt = synthetic_gt(3720, seed=0)
    ss = system_set(gt, synthetic_family(gt, seed=0))
    v = experiment_values(ss, PAPER_MEASURES)
    print(f"{v.shape[1]} systems x {v.shape[2]} queries x {v.shape[0]} measures")
    n_loop = 200
    t0 = time.perf_counter(); loop_stability(v, 400, n_loop, 0); t_loop = (time.perf_counter() - t0) / n_loop
    t0 = time.perf_counter(); stability(v, PAPER_MEASURES, [400], n_trials=5000, seed=0); t_vec = (time.perf_counter() - t0) / 5000
    print(f"stability, one size: loop {t_loop * 5000:.1f} s per 5,000 trials (extrapolated from {n_loop}), "
          f"vectorised {t_vec * 5000:.2f} s; ratio {t_loop / t_vec:.0f}x")
    t0 = time.perf_counter(); label_noise_rmse(ss, n_draws=25, seed=0)
    print(f"label noise: 4 levels x 25 draws: {time.perf_counter() - t0:.1f} s")


if __name__ == '__main__':
    main()
