/*
 * generate_cmd.h - the generate command (generate_cmd.c), which has options
 * of its own and no inputs: cli.c hands it the command line.
 */
#ifndef SUDOKU_GENERATE_CMD_H
#define SUDOKU_GENERATE_CMD_H

/* argv[1] is "generate"; returns the exit status. */
int generate_main(int argc, char **argv);

#endif /* SUDOKU_GENERATE_CMD_H */
