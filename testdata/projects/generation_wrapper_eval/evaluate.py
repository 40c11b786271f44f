# Accuracy of generated answers, batch by batch: each pass decodes whole
# answers, so its per-batch progress line, its one-element count upload and
# its cache release cost nothing beside the decoding.
import torch
import wandb


@torch.no_grad()
def answer_accuracy(wrapper, loader):
    hits = []
    for prompts, answers in loader:
        ids = wrapper.encode(prompts).input_ids.cuda()
        out = wrapper.inference(ids, 64)
        texts = wrapper.decode(out)
        correct = sum(int(t.strip() == a) for t, a in zip(texts, answers))
        count = torch.tensor([correct], dtype=torch.float32, device="cuda")  # ok: GPU201 (the decoding drained the stream)
        hits.append(count)
        print(f"predictions: {texts}")  # ok: GPU206 (one line per decoded batch)
        wandb.log({"correct": correct})  # ok: GPU206
        torch.cuda.empty_cache()  # ok: GPU208 (once per decoded batch)
    return torch.cat(hits).sum().item()


@torch.no_grad()
def perplexity(wrapper, loader):
    # One forward per batch: here a progress line per batch is the note it always was.
    total = []
    for ids in loader:
        logits = wrapper.score(ids.cuda(non_blocking=True))
        total.append(logits.float().logsumexp(-1).mean())
        print("scored one more batch")  # expect: GPU206 "logs on every batch"
    return torch.stack(total).mean().item()


if __name__ == "__main__":
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from wrappers import CausalWrapper

    tok = AutoTokenizer.from_pretrained("gpt2")
    wrapper = CausalWrapper(AutoModelForCausalLM.from_pretrained("gpt2"), tok)
    qa = torch.utils.data.DataLoader([("2+2=", "4")] * 512, batch_size=16, num_workers=2)
    print(answer_accuracy(wrapper, qa))
    ids = torch.utils.data.DataLoader(torch.randint(0, 50000, (512, 128)), batch_size=8, num_workers=2, pin_memory=True)
    print(perplexity(wrapper, ids))
