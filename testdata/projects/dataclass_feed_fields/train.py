"""Trains on each feed: TokenFeed is built with its defaults (no workers),
ImageFeed once with and once without workers, AudioFeed through a subclass
too; VideoFeed gets its workers set after it is built."""
import torch

from feeds import AudioFeed, ImageFeed, NoisyAudioFeed, TokenFeed, VideoFeed


def fit(net, loader, epochs=3):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(epochs):
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()


def main(net, text, images, audio, video):
    net = net.cuda()
    fit(net, TokenFeed().train_loader(text))
    fit(net, ImageFeed(workers=8).train_loader(images))
    fit(net, ImageFeed().train_loader(images))
    fit(net, AudioFeed().train_loader(audio))
    fit(net, NoisyAudioFeed().train_loader(audio))
    clips = VideoFeed()
    clips.workers = 6
    fit(net, clips.train_loader(video))
