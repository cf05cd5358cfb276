"""What every layer leans on and no formula is about: the bottom of the package.

* ``checks.py`` -- the checks at the public boundary and the library's error types;
* ``display.py`` -- tables as text, Markdown and HTML (what a notebook shows);
* ``random_numpy.py`` -- numpy's random generator rewritten in plain Python, so
  that a split or a shuffle matches scikit-learn's for the same seed.

It imports nothing else from the package.
"""
