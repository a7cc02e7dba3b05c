/** The sparsity pattern every linalg stage reads: the full symmetric pattern (both triangles) in CSR, columns sorted within each row. */
export interface CsrPattern {
  n: number;
  rowPtr: Int32Array;
  colIdx: Int32Array;
}
