"""What the tests share: the toy game and screen, waits, readers of a screen's
text, footers and recaps, games played to states, forged saves, and the SSH helpers."""
