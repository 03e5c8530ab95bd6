/*
 * batch.h - runs a command over every record of its inputs, on several
 * threads, writing results in input order.
 */
#ifndef SUDOKU_BATCH_H
#define SUDOKU_BATCH_H

#include "inputs.h"
#include "report.h"

/* Reads the operands (as inputs_read does) and returns the exit status. */
int batch_run(const options *opt, const input_operand *operands, int count);

#endif /* SUDOKU_BATCH_H */
