"""What a change of the rules does: one hand under two files (`comparison`,
`counterparts`), the golden scenarios against the edited text (`golden`), and many hands
simulated in a process of the server's own (`simulation`, `simulation_run`,
`simulation_worker`)."""
