"""Moved: the stage types live in core.stages. This name re-exports them for one release."""

from core.stages import Draft, Evidence

__all__ = ["Draft", "Evidence"]
