"""Evaluating one hand (`evaluate`): whether it wins, every split judged by the win clause,
its hand patterns and scores, the best split, why not, and what the win would be paid;
hands written as text (`notation`); the evaluation and its details, built when read."""
