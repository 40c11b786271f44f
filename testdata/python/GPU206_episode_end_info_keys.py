"""Off-policy reinforcement learning over a vectorised environment: one pass of
the loop is one environment step, with an update every few steps. The info
dict holds "final_info" (Gymnasium's autoreset) or "episode"
(RecordEpisodeStatistics) only on the step an episode ends, so logging the
episode's return under a test of those keys runs once per episode. Logging
under a test of a key every step carries, or under no test, is per-step."""
import random

import numpy as np
import torch
from torch import nn
from torch.utils.tensorboard import SummaryWriter


def run(envs, n_steps=500_000, learn_every=4):
    device = torch.device("cuda")
    critic = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 4)).to(device)
    optim = torch.optim.Adam(critic.parameters(), lr=3e-4)
    board = SummaryWriter("runs/offpolicy")
    replay = []
    obs, _ = envs.reset(seed=0)
    for tick in range(n_steps):
        acts = np.array([random.randrange(4) for _ in range(envs.num_envs)])
        nxt, rew, term, trunc, infos = envs.step(acts)
        if "final_info" in infos:
            for fin in infos["final_info"]:
                if fin and "episode" in fin:
                    print(f"tick={tick} return={fin['episode']['r']}")  # ok: GPU206 (once per episode)
                    board.add_scalar("charts/return", fin["episode"]["r"], tick)  # ok: GPU206 (once per episode)
        if "episode" in infos:
            board.add_scalar("charts/length", infos["episode"]["l"].mean(), tick)  # ok: GPU206 (once per episode)
        if "reward_parts" in infos:
            board.add_scalar("charts/shaping", infos["reward_parts"].sum(), tick)  # expect: GPU206 "on every step"
        replay.append((obs, acts, rew, nxt))
        obs = nxt
        if tick > 1000 and tick % learn_every == 0:
            batch = torch.as_tensor(np.stack([r[0] for r in random.sample(replay, 32)]), device=device)
            loss = critic(batch.float()).pow(2).mean()
            optim.zero_grad()
            loss.backward()
            optim.step()
