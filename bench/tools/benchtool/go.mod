module bench.example/tools

go 1.19
