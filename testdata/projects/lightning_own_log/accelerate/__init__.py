"""A second framework analysed as part of its own repository: its `print`
is a project method whose body prints."""


class Accelerator:
    def __init__(self):
        self.is_main_process = True

    def print(self, *args):
        if self.is_main_process:
            print(*args)
