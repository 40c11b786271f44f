# Reinforcement learning against a simulator that runs on the CPU: the policy
# picks actions on the GPU and the environment needs them on the host on
# every step, so reading the action back is the price of the simulator, not a
# sync a guard or a tensor op can remove. Other reads of the same pass (a
# loss for the console, a value estimate kept for a plot) still are.
import random

import numpy as np
import torch
from torch import nn


def greedy(obs):
    scores = torch.as_tensor(obs, device="cuda").softmax(-1)
    return scores.argmax(-1).cpu().numpy()  # ok: GPU201 (the action env.step needs, read for the loop below)


def q_learning(envs, qnet, target, opt, steps=100_000, eps=0.05):
    qnet.cuda()
    target.cuda()
    obs, _ = envs.reset()
    for step in range(steps):
        if random.random() < eps:
            actions = np.array([envs.single_action_space.sample() for _ in range(envs.num_envs)])
        else:
            q = qnet(torch.as_tensor(obs, device="cuda"))
            actions = torch.argmax(q, dim=1).cpu().numpy()  # ok: GPU201 (the simulator's action)
        nxt, rew, term, trunc, info = envs.step(actions)
        with torch.no_grad():
            goal = torch.as_tensor(rew, device="cuda") + 0.99 * target(torch.as_tensor(nxt, device="cuda")).max(1).values
        pred = qnet(torch.as_tensor(obs, device="cuda")).max(1).values
        loss = nn.functional.mse_loss(pred, goal)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())  # expect: GPU201 "copies the GPU tensor `loss`"
        obs = nxt


def policy_rollout(env, critic, opt, steps=50_000):
    critic.cuda()
    obs = env.reset()
    values = []
    for step in range(steps):
        obs, reward, done, info = env.step(greedy(obs))  # ok: GPU201 (the helper reads the simulator's action)
        value = critic(torch.as_tensor(obs, device="cuda"))
        values.append(value.mean().item())  # expect: GPU201 "copies a GPU tensor"
        loss = (value - reward).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if done:
            obs = env.reset()


def continuous_control(train_env, policy, opt, steps=10_000):
    policy.cuda()
    obs = train_env.reset()
    for step in range(steps):
        mean = policy(torch.as_tensor(obs, device="cuda"))
        obs, reward, done, _ = train_env.step(mean.detach().cpu().numpy())  # ok: GPU201 (the simulator's action)
        loss = -mean.sum() * float(reward)
        opt.zero_grad()
        loss.backward()
        opt.step()
