"""A wrapped engine on the GPU is a module, not a tensor: its plain Python
state (`engine.local_rank`, `engine.config`, a scheduler it holds) is on the
host, so testing or counting with it syncs nothing. Its outputs and its
parameters are on the GPU and still do."""
import deepspeed


def unwrap(engine):
    return engine.module if hasattr(engine, "module") else engine


def train(args, net, loader, criterion):
    model_engine, optimizer, _, _ = deepspeed.initialize(args=args, model=net)
    device = model_engine.device
    local_rank = model_engine.local_rank
    consumed, budget = 0, args.token_budget
    for step, (inputs, labels) in enumerate(loader):
        inputs, labels = inputs.to(device), labels.to(device)
        outputs = model_engine(inputs)
        loss = criterion(outputs, labels)
        model_engine.backward(loss)
        model_engine.step()
        consumed += model_engine.seq_scheduler.current_length() * inputs.size(0)
        if local_rank == 0 and step % 100 == 0:  # ok: a rank number held by the engine, not a tensor
            print("step", step)
        if consumed >= budget:  # ok: host arithmetic on what the engine's scheduler reports
            break
        if model_engine.global_rank == 0:  # ok: plain state of the engine
            pass
        if unwrap(model_engine).config.hidden_size > 1024:  # ok: a module's config holds host values
            pass
        print(model_engine.weight.norm().item())  # expect: GPU201 "`model_engine.weight.norm().item()`"
        print(outputs.max().item())  # ok: GPU201 (read right after line 32: part of its finding)
