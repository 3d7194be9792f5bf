"""Speech in, speech out: audio decoding, Whisper STT, transcript normalisation,
citation reading and TTS (piper / espeak-ng). Everything runs offline on CPU."""
