module bench.example/speed

go 1.19
