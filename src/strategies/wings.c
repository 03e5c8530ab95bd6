/*
 * wings.c - XY-Wing and XYZ-Wing. Not written yet: the finders find nothing.
 */
#include "strategy.h"

bool find_xy_wing(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
bool find_xyz_wing(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
