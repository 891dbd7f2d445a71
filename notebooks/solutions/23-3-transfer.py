# Chapter 23, exercise 3: train at difficulty 3, test at difficulty 1. Run it after the chapter's cells: it uses
# train() and LinearAgent from them.
# ruff: noqa: F821
import numpy as np
from gymnasium.wrappers import TimeLimit

from egonb import Rules, new_game
from egonb.agents import AGENTS
from egonb.encoding import encode
from egonb.envs.solo import SoloEnv
from egonb.tournament import tournament

quick = globals().get("EGONB_QUICK", False)  # the test suite sets EGONB_QUICK to train less
episodes = 2000 if quick else 6000

# train() plays in the notebook's `env`: point it at difficulty 3 (the Citybots drop their highest card
# before scoring, SM2), train, then train a second policy at difficulty 1 the same way for comparison.
# Rounds nobody ends are cut off after 200 decisions, as in the chapter.
env = TimeLimit(SoloEnv(difficulty=3), max_episode_steps=200)
W3, scores3 = train(episodes=episodes)
env = TimeLimit(SoloEnv(difficulty=1), max_episode_steps=200)
W1, scores1 = train(episodes=episodes)
print(f"last 1000 training rounds: mean score {np.mean(scores3[-1000:]):.1f} at difficulty 3, "
      f"{np.mean(scores1[-1000:]):.1f} at difficulty 1")

transfer = {}
for level in (1, 3):
    transfer[level] = tournament({"random": AGENTS["random"](), "trained at 1": LinearAgent(W1),
                                  "trained at 3": LinearAgent(W3), "greedy": AGENTS["greedy"]()},
                                 Rules.solo_game(difficulty=level, full_game=False), games=300, seed=1, workers=1,
                                 progress=False)
    print(f"tested at difficulty {level}\n{transfer[level]}\n")

# Does it transfer? Yes, here. Tested at difficulty 1, the policy trained at difficulty 3 played about as well
# as the one trained at difficulty 1, better on one count and worse on the other: it scored fewer points per
# round (15.7 +- 0.8 against 17.0 +- 0.9; the intervals overlap) but won fewer rounds (33.3 % against 35.0 %).
# Tested at difficulty 3 the picture was the same (15.7 against 17.0 points, 3.7 % against 6.0 % of rounds
# won; everyone wins far less there, as the Citybots drop their highest card before scoring, SM2). One
# training run each is one sample: read "about as well", not a ranking. What the policy learns is mostly the
# same at every level: get rid of high cards (E1), match (T3), replace a high card by a lower one (T1, T2); the
# Citybots play the same checklist (SB1-SB9) at every level, only their scoring changes (SM2).
# A detail worth seeing: encode() marks the difficulty, and at difficulty 3 that input was 1 in every training
# round, exactly like the bias. So its weights came out equal to the bias weights (measured below). At
# difficulty 1 that input is 0 and the difficulty-1 input was never trained (its weights are 0): the
# transferred policy plays with half its bias, and still does well.
at1 = encode(new_game(Rules.solo_game(difficulty=1), seed=0).view(0))
at3 = encode(new_game(Rules.solo_game(difficulty=3), seed=0).view(0))
level3 = int(np.argmax(at3 - at1))  # the one input that says "difficulty 3"
print("weights of the difficulty-3 input == bias weights:", np.allclose(W3[:, level3], W3[:, -1]))
