"""Learning environments (optional extra `egonb[rl]`): import the submodule you need.

`egonb.envs.solo.SoloEnv` is a Gymnasium environment (you against the two Citybots);
`egonb.envs.aec.EgonbAEC` is a PettingZoo AEC environment for 2-6 players. Neither is
imported by `import egonb`, so the engine works without gymnasium or pettingzoo.
"""

from typing import Any

__all__ = ["EgonbAEC", "SoloEnv"]


def __getattr__(name: str) -> Any:
    if name == "SoloEnv":
        from .solo import SoloEnv

        return SoloEnv
    if name == "EgonbAEC":
        from .aec import EgonbAEC

        return EgonbAEC
    raise AttributeError(f"module 'egonb.envs' has no attribute {name!r}")
