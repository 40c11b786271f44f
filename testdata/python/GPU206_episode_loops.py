"""Reinforcement learning: the episode loop plays a whole episode on the host
before each update, so what runs once per episode is not per-step work. A
loop that updates on every environment step is a step loop."""
from itertools import count

import torch


def reinforce(env, policy, optimizer, n_episodes=1000):
    policy.cuda()
    running_reward = 10.0
    for i_episode in range(n_episodes):
        state, rewards, log_probs = env.reset(), [], []
        for t in range(10000):
            probs = policy(torch.as_tensor(state).cuda())
            action = torch.distributions.Categorical(probs).sample()
            log_probs.append(probs[action].log())
            state, reward, done = env.step(action.item())  # ok: GPU201
            rewards.append(reward)
            if done:
                break
        loss = -torch.stack(log_probs).sum() * sum(rewards)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        running_reward = 0.05 * sum(rewards) + 0.95 * running_reward
        print(f"Episode {i_episode}\tLast reward: {sum(rewards):.2f}\tAverage: {running_reward:.2f}")  # ok: GPU206


def dqn(env, net, optimizer, memory, num_episodes=600):
    net.cuda()
    for episode in range(num_episodes):
        state = env.reset()
        for t in count():
            state, reward, done = env.step(net(torch.as_tensor(state).cuda()).argmax().item())  # ok: GPU201 (the action the simulator needs on every step)
            memory.push(state, reward)
            loss = net(memory.sample().cuda()).sum()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            print("transition", t)  # expect: GPU206
            if done:
                break
        print("episode", episode, "length", t)  # ok: GPU206
