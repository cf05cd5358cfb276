"""``python -m naivebayes``: the command line (see naivebayes/command_line/).

With no arguments it runs the spam demo: trains multinomial naive Bayes on
the small spam corpus that ships with the package, prints how well it does on
held-out messages, and explains one prediction step by step.
``python -m naivebayes --help`` lists the commands: train, predict, explain,
evaluate and demo.
"""

import sys

from naivebayes.command_line import main

if __name__ == "__main__":
    sys.exit(main(prog="python -m naivebayes"))
