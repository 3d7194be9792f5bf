"""NyayaPath evaluation suite: versioned data sets, metrics, baselines, the eval runner and benchmarks.

nyayapath eval [--set citations|questions|spoken|ner|all] [--json] [--quick]
nyayapath bench [--json] [--quick]
"""

from pathlib import Path

DATASETS = Path(__file__).resolve().parent / "datasets"
DATASET_VERSION = "2024.12-v1"
