"""Faster routes a user asks for by name, built from a fitted model; the models never import them.

What ``fit`` and ``predict`` run by default is the derivation on the docs pages.
The code here computes the same answers another way (docs/performance.md says
how, and the tests check that the answers agree).

* ``lanes.py`` -- many whole numbers packed side by side in one integer, so that
  one addition adds every class's terms.
"""
