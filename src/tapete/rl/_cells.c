/* tapete.rl._cells: the native tensor of an encoder's stream (see encoding.py's _Stream).
 *
 * A Cells object owns a zeroed block of bytes (a float32 tensor) and exports it through the
 * buffer protocol (format "B", one byte per item: numpy reads it with np.frombuffer, a
 * memoryview copies it). Item assignment is the only operation, and it is what the pure
 * encoder does through two memoryviews of a numpy array, done here without their generic
 * machinery (index conversion, format parsing, structure checks):
 *
 *     cells[i] = number    float32 cell i (0 <= i < nbytes / 4; negative i counts from the
 *                          end) set to (float)PyFloat_AsDouble(number), as a memoryview of
 *                          format "f" does it;
 *     cells[a:b] = data    bytes a ... b-1 set to the bytes of data (bytes or any contiguous
 *                          buffer of exactly b - a bytes), as a memoryview of format "B".
 *
 * Only CPython's own headers are used. The pure-Python encoder (memoryviews) stays the
 * reference: the tests compare both paths' tensors byte for byte.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    char *data;
    Py_ssize_t nbytes;
} CellsObject;

static PyObject *
cells_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    Py_ssize_t nbytes;
    static char *keywords[] = {"nbytes", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "n:Cells", keywords, &nbytes)) {
        return NULL;
    }
    if (nbytes < 0 || nbytes % 4 != 0) {
        PyErr_SetString(PyExc_ValueError, "Cells: nbytes must be a non-negative multiple of 4");
        return NULL;
    }
    CellsObject *self = (CellsObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->data = PyMem_Calloc(nbytes > 0 ? (size_t)nbytes : 1, 1);
    if (self->data == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    self->nbytes = nbytes;
    return (PyObject *)self;
}

static void
cells_dealloc(CellsObject *self)
{
    PyMem_Free(self->data);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
cells_getbuffer(CellsObject *self, Py_buffer *view, int flags)
{
    return PyBuffer_FillInfo(view, (PyObject *)self, self->data, self->nbytes, 0, flags);
}

static int
set_cell(CellsObject *self, Py_ssize_t i, PyObject *value)
{
    Py_ssize_t n = self->nbytes / 4;
    if (i < 0) {
        i += n;
    }
    if (i < 0 || i >= n) {
        PyErr_SetString(PyExc_IndexError, "Cells: cell index out of range");
        return -1;
    }
    double d;
    if (PyFloat_CheckExact(value)) {
        d = PyFloat_AS_DOUBLE(value);
    }
    else {
        d = PyFloat_AsDouble(value);
        if (d == -1.0 && PyErr_Occurred()) {
            return -1;
        }
    }
    float f = (float)d;
    memcpy(self->data + 4 * i, &f, 4);
    return 0;
}

static int
set_bytes(CellsObject *self, PyObject *key, PyObject *value)
{
    Py_ssize_t start, stop, step;
    if (PySlice_Unpack(key, &start, &stop, &step) < 0) {
        return -1;
    }
    Py_ssize_t length = PySlice_AdjustIndices(self->nbytes, &start, &stop, step);
    if (step != 1) {
        PyErr_SetString(PyExc_ValueError, "Cells: only byte ranges of step 1 can be assigned");
        return -1;
    }
    if (PyBytes_CheckExact(value)) {
        if (PyBytes_GET_SIZE(value) != length) {
            PyErr_SetString(PyExc_ValueError, "Cells: the bytes do not fill the range");
            return -1;
        }
        memmove(self->data + start, PyBytes_AS_STRING(value), (size_t)length);
        return 0;
    }
    Py_buffer source;
    if (PyObject_GetBuffer(value, &source, PyBUF_SIMPLE) < 0) {
        return -1;
    }
    int status = 0;
    if (source.len != length) {
        PyErr_SetString(PyExc_ValueError, "Cells: the bytes do not fill the range");
        status = -1;
    }
    else {
        memmove(self->data + start, source.buf, (size_t)length);
    }
    PyBuffer_Release(&source);
    return status;
}

static int
cells_ass_subscript(CellsObject *self, PyObject *key, PyObject *value)
{
    if (value == NULL) {
        PyErr_SetString(PyExc_TypeError, "Cells: cells cannot be deleted");
        return -1;
    }
    if (PyLong_CheckExact(key)) {
        Py_ssize_t i = PyLong_AsSsize_t(key);
        if (i == -1 && PyErr_Occurred()) {
            return -1;
        }
        return set_cell(self, i, value);
    }
    if (PySlice_Check(key)) {
        return set_bytes(self, key, value);
    }
    Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred()) {
        return -1;
    }
    return set_cell(self, i, value);
}

static PyObject *
cells_subscript(CellsObject *self, PyObject *key)
{
    Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t n = self->nbytes / 4;
    if (i < 0) {
        i += n;
    }
    if (i < 0 || i >= n) {
        PyErr_SetString(PyExc_IndexError, "Cells: cell index out of range");
        return NULL;
    }
    float f;
    memcpy(&f, self->data + 4 * i, 4);
    return PyFloat_FromDouble((double)f);
}

static Py_ssize_t
cells_length(CellsObject *self)
{
    return self->nbytes / 4;
}

static PyObject *
cells_get_nbytes(CellsObject *self, void *closure)
{
    return PyLong_FromSsize_t(self->nbytes);
}

static PyGetSetDef cells_getset[] = {
    {"nbytes", (getter)cells_get_nbytes, NULL, "The tensor's size in bytes.", NULL},
    {NULL},
};

static PyMappingMethods cells_mapping = {
    (lenfunc)cells_length,
    (binaryfunc)cells_subscript,
    (objobjargproc)cells_ass_subscript,
};

static PyBufferProcs cells_buffer = {
    (getbufferproc)cells_getbuffer,
    NULL,
};

PyDoc_STRVAR(cells_doc,
"Cells(nbytes): a zeroed float32 tensor of nbytes bytes, exported as bytes (buffer\n"
"protocol). cells[i] = number sets float32 cell i; cells[a:b] = data sets bytes a..b-1;\n"
"cells[i] reads cell i; len(cells) is the number of cells.");

static PyTypeObject CellsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tapete.rl._cells.Cells",
    .tp_basicsize = sizeof(CellsObject),
    .tp_dealloc = (destructor)cells_dealloc,
    .tp_as_mapping = &cells_mapping,
    .tp_as_buffer = &cells_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = cells_doc,
    .tp_getset = cells_getset,
    .tp_new = cells_new,
};

/* -- a table of (event, value) tuples by the event's identity ------------------------------
 *
 * What the pure code keeps in a dict by id(event) >> 4, looked up here without making an int
 * or hashing one: open addressing over the event's address. Each entry owns its tuple, and
 * the tuple its event, so an address in the table is that event's for as long as the entry
 * lives. Full (limit entries): emptied, as the pure code empties its dicts. */

typedef struct {
    PyObject_HEAD
    Py_ssize_t mask;
    Py_ssize_t count;
    Py_ssize_t limit;
    PyObject **keys;  /* the events (borrowed: each held by its entry's tuple) */
    PyObject **items; /* the (event, value) tuples (owned) */
} IdTableObject;

static PyObject *
idtable_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    Py_ssize_t limit;
    static char *keywords[] = {"limit", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "n:IdTable", keywords, &limit)) {
        return NULL;
    }
    if (limit < 1 || limit > ((Py_ssize_t)1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "IdTable: limit must be 1 ... 2**24");
        return NULL;
    }
    Py_ssize_t size = 8;
    while (size < 2 * limit) {
        size *= 2;
    }
    IdTableObject *self = (IdTableObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->keys = PyMem_Calloc((size_t)size, sizeof(PyObject *));
    self->items = PyMem_Calloc((size_t)size, sizeof(PyObject *));
    if (self->keys == NULL || self->items == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    self->mask = size - 1;
    self->limit = limit;
    return (PyObject *)self;
}

static void
idtable_empty(IdTableObject *self)
{
    if (self->items == NULL || self->keys == NULL) {
        return;
    }
    for (Py_ssize_t i = 0; i <= self->mask; i++) {
        self->keys[i] = NULL;
        Py_CLEAR(self->items[i]);
    }
    self->count = 0;
}

static void
idtable_dealloc(IdTableObject *self)
{
    idtable_empty(self);
    PyMem_Free(self->keys);
    PyMem_Free(self->items);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t
idtable_slot(IdTableObject *self, PyObject *event)
{
    size_t h = ((size_t)(uintptr_t)event >> 4) * (size_t)0x9E3779B97F4A7C15ULL;
    Py_ssize_t i = (Py_ssize_t)(h >> 20) & self->mask;
    while (self->keys[i] != NULL && self->keys[i] != event) {
        i = (i + 1) & self->mask;
    }
    return i;
}

/* The (event, value) tuple kept for event (borrowed), or NULL. */
static PyObject *
idtable_get(IdTableObject *self, PyObject *event)
{
    Py_ssize_t i = idtable_slot(self, event);
    return self->keys[i] == event ? self->items[i] : NULL;
}

/* Keep known, an (event, value) tuple, for its event. */
static void
idtable_put(IdTableObject *self, PyObject *known)
{
    PyObject *event = PyTuple_GET_ITEM(known, 0);
    Py_ssize_t i = idtable_slot(self, event);
    if (self->keys[i] == NULL) {
        if (self->count >= self->limit) {
            idtable_empty(self);
            i = idtable_slot(self, event);
        }
        self->count++;
    }
    Py_INCREF(known);
    Py_XSETREF(self->items[i], known);
    self->keys[i] = event;
}

static Py_ssize_t
idtable_length(IdTableObject *self)
{
    return self->count;
}

static PyObject *
idtable_clear(IdTableObject *self, PyObject *unused)
{
    idtable_empty(self);
    Py_RETURN_NONE;
}

static PyMethodDef idtable_methods[] = {
    {"clear", (PyCFunction)idtable_clear, METH_NOARGS, "Drop every entry."},
    {NULL, NULL, 0, NULL},
};

static PyMappingMethods idtable_mapping = {(lenfunc)idtable_length, NULL, NULL};

PyDoc_STRVAR(idtable_doc,
"IdTable(limit): (event, value) tuples by the event's identity, at most limit (then\n"
"emptied); filled and read by slots() and opening(). len() is the number of entries.");

static PyTypeObject IdTableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tapete.rl._cells.IdTable",
    .tp_basicsize = sizeof(IdTableObject),
    .tp_dealloc = (destructor)idtable_dealloc,
    .tp_as_mapping = &idtable_mapping,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = idtable_doc,
    .tp_methods = idtable_methods,
    .tp_new = idtable_new,
};

static IdTableObject *
as_idtable(PyObject *object)
{
    if (!PyObject_TypeCheck(object, &IdTableType)) {
        PyErr_SetString(PyExc_TypeError, "expected a tapete.rl._cells.IdTable");
        return NULL;
    }
    return (IdTableObject *)object;
}

/* The (event, value) tuple at list[i] if it is event's (borrowed), else NULL. */
static PyObject *
known_at(PyObject *list, Py_ssize_t i, PyObject *event)
{
    PyObject *known = (PyList_CheckExact(list) && i >= 0 && i < PyList_GET_SIZE(list))
                          ? PyList_GET_ITEM(list, i)
                          : NULL;
    return (known != NULL && PyTuple_CheckExact(known) && PyTuple_GET_SIZE(known) >= 2 &&
            PyTuple_GET_ITEM(known, 0) == event)
               ? known
               : NULL;
}

/* -- whole field updates (the encoder's updaters call these when their stream's tensor is
 *    a Cells; each does in one call what the pure updater does step by step) ------------- */

static CellsObject *
as_cells(PyObject *object)
{
    if (!PyObject_TypeCheck(object, &CellsType)) {
        PyErr_SetString(PyExc_TypeError, "expected a tapete.rl._cells.Cells");
        return NULL;
    }
    return (CellsObject *)object;
}

static int
check_args(const char *name, Py_ssize_t nargs, Py_ssize_t wanted)
{
    if (nargs != wanted) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", name, wanted, nargs);
        return -1;
    }
    return 0;
}

static int
check_cell(CellsObject *cells, Py_ssize_t cell, Py_ssize_t count)
{
    if (cell < 0 || count < 0 || cell + count > cells->nbytes / 4) {
        PyErr_SetString(PyExc_IndexError, "Cells: cell index out of range");
        return -1;
    }
    return 0;
}

static void
put(CellsObject *cells, Py_ssize_t cell, float value)
{
    memcpy(cells->data + 4 * cell, &value, 4);
}

/* The number of leading items of two tuples, up to limit, that are the same object or
 * equal (a != b false), compared by identity first. */
static Py_ssize_t
common_prefix(PyObject *a, PyObject *b, Py_ssize_t limit)
{
    if (limit > PyTuple_GET_SIZE(a)) {
        limit = PyTuple_GET_SIZE(a);
    }
    if (limit > PyTuple_GET_SIZE(b)) {
        limit = PyTuple_GET_SIZE(b);
    }
    PyObject **x = &PyTuple_GET_ITEM(a, 0);
    PyObject **y = &PyTuple_GET_ITEM(b, 0);
    Py_ssize_t i = 0;
    while (i < limit && x[i] == y[i]) {
        i++;
    }
    while (i < limit) {
        if (x[i] != y[i]) {
            int differ = PyObject_RichCompareBool(x[i], y[i], Py_NE);
            if (differ < 0) {
                return -1;
            }
            if (differ) {
                break;
            }
        }
        i++;
    }
    return i;
}

PyDoc_STRVAR(prefix_doc,
"prefix(a, b, limit) -> int: how many leading items of the tuples a and b (at most limit)\n"
"are the same object or equal, compared by identity first.");

static PyObject *
prefix(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args("prefix", nargs, 3) < 0) {
        return NULL;
    }
    if (!PyTuple_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "prefix() compares two tuples");
        return NULL;
    }
    Py_ssize_t limit = PyLong_AsSsize_t(args[2]);
    if (limit == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t found = common_prefix(args[0], args[1], limit);
    return found < 0 ? NULL : PyLong_FromSsize_t(found);
}

/* known: a tuple (event, value) of a table; the value if its event is this one, else NULL
 * (borrowed). */
static PyObject *
known_value(PyObject *known, PyObject *event)
{
    if (known != NULL && PyTuple_CheckExact(known) && PyTuple_GET_SIZE(known) >= 2 &&
        PyTuple_GET_ITEM(known, 0) == event) {
        return PyTuple_GET_ITEM(known, 1);
    }
    return NULL;
}

static PyObject *
list_item(PyObject *list, Py_ssize_t i)
{
    return (PyList_CheckExact(list) && i >= 0 && i < PyList_GET_SIZE(list))
               ? PyList_GET_ITEM(list, i)
               : NULL;
}

/* list[i] = item (a new reference taken), if i is in the list. */
static void
list_store(PyObject *list, Py_ssize_t i, PyObject *item)
{
    if (PyList_CheckExact(list) && i >= 0 && i < PyList_GET_SIZE(list)) {
        PyObject *was = PyList_GET_ITEM(list, i);
        Py_INCREF(item);
        PyList_SET_ITEM(list, i, item);
        Py_XDECREF(was);
    }
}

PyDoc_STRVAR(slots_doc,
"slots(cells, events, first, start, stop, at_slot, ids, at, width, log): write the\n"
"slots start to stop - 1 of an event log as _EventLog.row_at finds their rows: slot j\n"
"holds events[first + j], its row of bytes the one at_slot[j] keeps if it is (that event,\n"
"row), else the one the IdTable ids keeps for the event (then kept in at_slot[j]), else\n"
"log.row_at(event, j) (which keeps (event, row) in at_slot[j]: then kept in ids too);\n"
"slot j's bytes begin at byte at + j * width (a row's bytes).");

static PyObject *
slots(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    static PyObject *row_at = NULL;
    if (check_args("slots", nargs, 10) < 0) {
        return NULL;
    }
    CellsObject *cells = as_cells(args[0]);
    if (cells == NULL) {
        return NULL;
    }
    PyObject *events = args[1];
    PyObject *at_slot = args[5];
    IdTableObject *ids = as_idtable(args[6]);
    PyObject *log = args[9];
    if (ids == NULL) {
        return NULL;
    }
    if (!PyTuple_Check(events)) {
        PyErr_SetString(PyExc_TypeError, "slots(): events must be a tuple");
        return NULL;
    }
    Py_ssize_t first = PyLong_AsSsize_t(args[2]);
    Py_ssize_t start = PyLong_AsSsize_t(args[3]);
    Py_ssize_t stop = PyLong_AsSsize_t(args[4]);
    Py_ssize_t at = PyLong_AsSsize_t(args[7]);
    Py_ssize_t width = PyLong_AsSsize_t(args[8]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (start < 0 || first < 0 || first + stop > PyTuple_GET_SIZE(events) || width < 0 ||
        at < 0 || (stop > start && at + stop * width > cells->nbytes)) {
        PyErr_SetString(PyExc_IndexError, "slots(): slots out of range");
        return NULL;
    }
    if (row_at == NULL && (row_at = PyUnicode_InternFromString("row_at")) == NULL) {
        return NULL;
    }
    for (Py_ssize_t j = start; j < stop; j++) {
        PyObject *event = PyTuple_GET_ITEM(events, first + j);
        PyObject *row = known_value(list_item(at_slot, j), event);
        if (row == NULL) {
            PyObject *known = idtable_get(ids, event);
            if (known != NULL) {
                row = PyTuple_GET_ITEM(known, 1);
                list_store(at_slot, j, known);
            }
        }
        if (row != NULL) {
            Py_INCREF(row);
        }
        else {
            PyObject *index = PyLong_FromSsize_t(j);
            if (index == NULL) {
                return NULL;
            }
            row = PyObject_CallMethodObjArgs(log, row_at, event, index, NULL);
            Py_DECREF(index);
            if (row == NULL) {
                return NULL;
            }
            PyObject *known = known_at(at_slot, j, event);
            if (known != NULL) {
                idtable_put(ids, known);
            }
        }
        if (!PyBytes_CheckExact(row) || PyBytes_GET_SIZE(row) != width) {
            Py_DECREF(row);
            PyErr_SetString(PyExc_ValueError, "slots(): a slot's row is not bytes of its width");
            return NULL;
        }
        memcpy(cells->data + at + j * width, PyBytes_AS_STRING(row), (size_t)width);
        Py_DECREF(row);
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(opening_doc,
"opening(cells, events, open_at, ids, log, at, row_size, d, limit) -> int: write the\n"
"opening of an event log (its cells cleared before) as _EventLog.write_opening does, and\n"
"return its length. The place of the j-th event is found as _EventLog.place_at finds it:\n"
"the one open_at[2 * j] or open_at[2 * j + 1] keeps for it, else the one the IdTable ids\n"
"keeps (then kept in open_at), else log.place_at(event, j) (which keeps (event, place)\n"
"in open_at: then kept in ids too); the opening's first cell is at; d <= 64.");

static PyObject *
opening(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    static PyObject *place_at = NULL;
    if (check_args("opening", nargs, 9) < 0) {
        return NULL;
    }
    CellsObject *cells = as_cells(args[0]);
    if (cells == NULL) {
        return NULL;
    }
    PyObject *events = args[1];
    PyObject *open_at = args[2];
    IdTableObject *ids = as_idtable(args[3]);
    PyObject *log = args[4];
    if (ids == NULL) {
        return NULL;
    }
    if (!PyTuple_Check(events)) {
        PyErr_SetString(PyExc_TypeError, "opening(): events must be a tuple");
        return NULL;
    }
    Py_ssize_t at = PyLong_AsSsize_t(args[5]);
    Py_ssize_t row_size = PyLong_AsSsize_t(args[6]);
    Py_ssize_t d = PyLong_AsSsize_t(args[7]);
    Py_ssize_t limit = PyLong_AsSsize_t(args[8]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (d < 1 || d > 64 || row_size < 2 * d || limit < 0 || check_cell(cells, at, limit) < 0) {
        PyErr_SetString(PyExc_ValueError, "opening(): a layout it cannot write");
        return NULL;
    }
    if (place_at == NULL && (place_at = PyUnicode_InternFromString("place_at")) == NULL) {
        return NULL;
    }
    Py_ssize_t n_rows = limit / row_size;
    Py_ssize_t *counts = PyMem_Calloc((size_t)(n_rows > 0 ? n_rows : 1), sizeof(Py_ssize_t));
    unsigned long long *shown =
        PyMem_Calloc((size_t)(n_rows > 0 ? n_rows : 1), sizeof(unsigned long long));
    if (counts == NULL || shown == NULL) {
        PyMem_Free(counts);
        PyMem_Free(shown);
        return PyErr_NoMemory();
    }
    Py_ssize_t count = PyTuple_GET_SIZE(events);
    Py_ssize_t run = 0;
    PyObject *result = NULL;
    while (run < count && run < limit) {
        PyObject *event = PyTuple_GET_ITEM(events, run);
        PyObject *value = known_value(list_item(open_at, 2 * run), event);
        if (value == NULL) {
            value = known_value(list_item(open_at, 2 * run + 1), event);
        }
        Py_ssize_t place;
        if (value != NULL) {
            place = PyLong_AsSsize_t(value);
        }
        else if ((value = idtable_get(ids, event)) != NULL) { /* kept where place_at keeps it */
            PyObject *known = value;
            place = PyLong_AsSsize_t(PyTuple_GET_ITEM(known, 1));
            if (place == -1 && PyErr_Occurred()) {
                goto done;
            }
            int hidden = place >= 0 && place - (place / row_size) * row_size >= d;
            list_store(open_at, hidden ? 2 * run : 2 * run + 1, known);
        }
        else {
            PyObject *index = PyLong_FromSsize_t(run);
            if (index == NULL) {
                goto done;
            }
            PyObject *found = PyObject_CallMethodObjArgs(log, place_at, event, index, NULL);
            Py_DECREF(index);
            if (found == NULL) {
                goto done;
            }
            place = PyLong_AsSsize_t(found);
            Py_DECREF(found);
            PyObject *known = known_at(open_at, 2 * run, event);
            if (known == NULL) {
                known = known_at(open_at, 2 * run + 1, event);
            }
            if (known != NULL) {
                idtable_put(ids, known);
            }
        }
        if (place == -1 && PyErr_Occurred()) {
            goto done;
        }
        if (place < 0) {
            break;
        }
        Py_ssize_t r = place / row_size;
        Py_ssize_t col = place - r * row_size;
        if (r >= n_rows) {
            PyErr_SetString(PyExc_IndexError, "opening(): a place out of the opening");
            goto done;
        }
        if (col >= d) { /* hidden: the row's next hidden cell */
            if (counts[r] >= d) {
                break;
            }
            counts[r] += 1;
        }
        else {
            unsigned long long bit = 1ULL << col;
            if (shown[r] & bit) { /* this card shown already */
                break;
            }
            shown[r] |= bit;
            put(cells, at + place, 1.0f);
        }
        run++;
    }
    for (Py_ssize_t r = 0; r < n_rows; r++) {
        for (Py_ssize_t k = 0; k < counts[r]; k++) {
            put(cells, at + r * row_size + d + k, 1.0f);
        }
    }
    result = PyLong_FromSsize_t(run);
done:
    PyMem_Free(counts);
    PyMem_Free(shown);
    return result;
}

PyDoc_STRVAR(numbers_doc,
"numbers(cells, new, old, at, size) -> bool: for two tuples of the same length, write the\n"
"items of new that differ from old's (a is not b and a != b) into cells at + k (k < size),\n"
"as floats, and return True; anything else: False, nothing written.");

static PyObject *
numbers(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args("numbers", nargs, 5) < 0) {
        return NULL;
    }
    CellsObject *cells = as_cells(args[0]);
    if (cells == NULL) {
        return NULL;
    }
    PyObject *new = args[1];
    PyObject *old = args[2];
    if (!PyTuple_CheckExact(new) || !PyTuple_CheckExact(old) ||
        PyTuple_GET_SIZE(new) != PyTuple_GET_SIZE(old)) {
        Py_RETURN_FALSE;
    }
    Py_ssize_t at = PyLong_AsSsize_t(args[3]);
    Py_ssize_t size = PyLong_AsSsize_t(args[4]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(new);
    if (count > size) {
        count = size;
    }
    if (check_cell(cells, at, count) < 0) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *a = PyTuple_GET_ITEM(new, k);
        PyObject *b = PyTuple_GET_ITEM(old, k);
        if (a == b) {
            continue;
        }
        int differ = PyObject_RichCompareBool(a, b, Py_NE);
        if (differ < 0) {
            return NULL;
        }
        if (!differ) {
            continue;
        }
        double value;
        if (PyFloat_CheckExact(a)) {
            value = PyFloat_AS_DOUBLE(a);
        }
        else if (PyLong_CheckExact(a)) {
            value = PyLong_AsDouble(a);
        }
        else { /* float(a) */
            PyObject *number = PyNumber_Float(a);
            if (number == NULL) {
                return NULL;
            }
            value = PyFloat_AsDouble(number);
            Py_DECREF(number);
        }
        if (value == -1.0 && PyErr_Occurred()) {
            return NULL;
        }
        put(cells, at + k, (float)value);
    }
    Py_RETURN_TRUE;
}

/* -- the events-only tensor's raw log (rawlog.py): a decoded event is a tuple (visible,
 *    seen_row, seen_place, unseen_row, unseen_place); a seat sees it when visible is
 *    EVERYONE (-1) or has the seat's bit --------------------------------------------------- */

/* Whether a seat (who: -1 for a spectator) sees the decoded event entry; -1 on error. */
static int
entry_seen(PyObject *entry, long long who)
{
    long long visible = PyLong_AsLongLong(PyTuple_GET_ITEM(entry, 0));
    if (visible == -1 && PyErr_Occurred()) {
        return -1;
    }
    return visible == -1 || (who >= 0 && who < 63 && ((visible >> who) & 1) != 0);
}

static PyObject *
entry_at(PyObject *dec, Py_ssize_t i)
{
    PyObject *entry = PyList_GET_ITEM(dec, i);
    if (!PyTuple_CheckExact(entry) || PyTuple_GET_SIZE(entry) != 5) {
        PyErr_SetString(PyExc_TypeError, "a decoded event must be a tuple of five items");
        return NULL;
    }
    return entry;
}

PyDoc_STRVAR(raw_decode_doc,
"raw_decode(dec, events, ids, make): append to the list dec the decoded entry of each event\n"
"of the list events after the first len(dec): the one the IdTable ids keeps for the event\n"
"(by identity), else make(event) (then kept in ids).");

static PyObject *
raw_decode(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args("raw_decode", nargs, 4) < 0) {
        return NULL;
    }
    PyObject *dec = args[0];
    PyObject *events = args[1];
    IdTableObject *ids = as_idtable(args[2]);
    PyObject *make = args[3];
    if (ids == NULL) {
        return NULL;
    }
    if (!PyList_CheckExact(dec) || !PyList_CheckExact(events)) {
        PyErr_SetString(PyExc_TypeError, "raw_decode(): dec and events must be lists");
        return NULL;
    }
    for (Py_ssize_t i = PyList_GET_SIZE(dec); i < PyList_GET_SIZE(events); i++) {
        PyObject *event = PyList_GET_ITEM(events, i);
        PyObject *known = idtable_get(ids, event);
        int failed;
        if (known != NULL) {
            failed = PyList_Append(dec, PyTuple_GET_ITEM(known, 1));
        }
        else {
            Py_INCREF(event); /* (make may change the list) */
            PyObject *value = PyObject_CallOneArg(make, event);
            if (value == NULL) {
                Py_DECREF(event);
                return NULL;
            }
            PyObject *pair = PyTuple_Pack(2, event, value);
            Py_DECREF(event);
            if (pair == NULL) {
                Py_DECREF(value);
                return NULL;
            }
            idtable_put(ids, pair);
            Py_DECREF(pair);
            failed = PyList_Append(dec, value);
            Py_DECREF(value);
        }
        if (failed < 0) {
            return NULL;
        }
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(raw_opening_doc,
"raw_opening(cells, dec, start, stop, who, open_cell, row_size, d, counts, shown) -> int:\n"
"write the opening cells of the decoded events dec[start:stop] for the seat who (-1: a\n"
"spectator) as rawlog's pure loop does: an event's place (seen or unseen) is its row's\n"
"card cell or the row's first hidden cell, counted in through counts (hidden cells taken\n"
"per row) and shown (cards shown per row, as bits), both lists updated; the cell set to 1\n"
"is open_cell[at] of that place. Returns the index of the first event that does not fit\n"
"(stop when all do).");

static PyObject *
raw_opening(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args("raw_opening", nargs, 10) < 0) {
        return NULL;
    }
    CellsObject *cells = as_cells(args[0]);
    if (cells == NULL) {
        return NULL;
    }
    PyObject *dec = args[1];
    PyObject *open_cell = args[5];
    PyObject *counts_list = args[8];
    PyObject *shown_list = args[9];
    if (!PyList_CheckExact(dec) || !PyList_CheckExact(open_cell) ||
        !PyList_CheckExact(counts_list) || !PyList_CheckExact(shown_list) ||
        PyList_GET_SIZE(counts_list) != PyList_GET_SIZE(shown_list)) {
        PyErr_SetString(PyExc_TypeError, "raw_opening(): dec, open_cell, counts, shown: lists");
        return NULL;
    }
    Py_ssize_t start = PyLong_AsSsize_t(args[2]);
    Py_ssize_t stop = PyLong_AsSsize_t(args[3]);
    long long who = PyLong_AsLongLong(args[4]);
    Py_ssize_t row_size = PyLong_AsSsize_t(args[6]);
    Py_ssize_t d = PyLong_AsSsize_t(args[7]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t n_rows = PyList_GET_SIZE(counts_list);
    if (d < 1 || d > 64 || row_size < 2 * d || n_rows > 64 || start < 0 ||
        stop > PyList_GET_SIZE(dec)) {
        PyErr_SetString(PyExc_ValueError, "raw_opening(): a layout it cannot write");
        return NULL;
    }
    Py_ssize_t counts[64];
    unsigned long long shown[64];
    for (Py_ssize_t r = 0; r < n_rows; r++) {
        counts[r] = PyLong_AsSsize_t(PyList_GET_ITEM(counts_list, r));
        shown[r] = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(shown_list, r));
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t n_open = PyList_GET_SIZE(open_cell);
    Py_ssize_t i = start;
    for (; i < stop; i++) {
        PyObject *entry = entry_at(dec, i);
        if (entry == NULL) {
            return NULL;
        }
        int sees = entry_seen(entry, who);
        if (sees < 0) {
            return NULL;
        }
        Py_ssize_t place = PyLong_AsSsize_t(PyTuple_GET_ITEM(entry, sees ? 2 : 4));
        if (place == -1 && PyErr_Occurred()) {
            return NULL;
        }
        if (place < 0) {
            break;
        }
        Py_ssize_t r = place / row_size;
        Py_ssize_t col = place - r * row_size;
        if (r >= n_rows) {
            PyErr_SetString(PyExc_IndexError, "raw_opening(): a place out of the opening");
            return NULL;
        }
        Py_ssize_t at;
        if (col >= d) { /* hidden: the row's next hidden cell */
            if (counts[r] >= d) {
                break;
            }
            at = place + counts[r];
            counts[r] += 1;
        }
        else {
            unsigned long long bit = 1ULL << col;
            if (shown[r] & bit) { /* this card shown already in its row */
                break;
            }
            shown[r] |= bit;
            at = place;
        }
        if (at >= n_open) {
            PyErr_SetString(PyExc_IndexError, "raw_opening(): a cell out of the opening");
            return NULL;
        }
        Py_ssize_t cell = PyLong_AsSsize_t(PyList_GET_ITEM(open_cell, at));
        if (cell == -1 && PyErr_Occurred()) {
            return NULL;
        }
        if (check_cell(cells, cell, 1) < 0) {
            return NULL;
        }
        put(cells, cell, 1.0f);
    }
    for (Py_ssize_t r = 0; r < n_rows; r++) {
        PyObject *count = PyLong_FromSsize_t(counts[r]);
        PyObject *bits = PyLong_FromUnsignedLongLong(shown[r]);
        if (count == NULL || bits == NULL) {
            Py_XDECREF(count);
            Py_XDECREF(bits);
            return NULL;
        }
        list_store(counts_list, r, count);
        list_store(shown_list, r, bits);
        Py_DECREF(count);
        Py_DECREF(bits);
    }
    return PyLong_FromSsize_t(i);
}

PyDoc_STRVAR(raw_slots_doc,
"raw_slots(cells, dec, start, stop, who, at, width): write the slots of the decoded\n"
"events dec[start:stop] for the seat who (-1: a spectator), each its seen or unseen row\n"
"(bytes of width), the first at byte at and the next ones after it.");

static PyObject *
raw_slots(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args("raw_slots", nargs, 7) < 0) {
        return NULL;
    }
    CellsObject *cells = as_cells(args[0]);
    if (cells == NULL) {
        return NULL;
    }
    PyObject *dec = args[1];
    if (!PyList_CheckExact(dec)) {
        PyErr_SetString(PyExc_TypeError, "raw_slots(): dec must be a list");
        return NULL;
    }
    Py_ssize_t start = PyLong_AsSsize_t(args[2]);
    Py_ssize_t stop = PyLong_AsSsize_t(args[3]);
    long long who = PyLong_AsLongLong(args[4]);
    Py_ssize_t at = PyLong_AsSsize_t(args[5]);
    Py_ssize_t width = PyLong_AsSsize_t(args[6]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (start < 0 || stop > PyList_GET_SIZE(dec) || width < 0 || at < 0 ||
        (stop > start && at + (stop - start) * width > cells->nbytes)) {
        PyErr_SetString(PyExc_IndexError, "raw_slots(): slots out of range");
        return NULL;
    }
    for (Py_ssize_t k = start; k < stop; k++) {
        PyObject *entry = entry_at(dec, k);
        if (entry == NULL) {
            return NULL;
        }
        int sees = entry_seen(entry, who);
        if (sees < 0) {
            return NULL;
        }
        PyObject *row = PyTuple_GET_ITEM(entry, sees ? 1 : 3);
        if (!PyBytes_CheckExact(row) || PyBytes_GET_SIZE(row) != width) {
            PyErr_SetString(PyExc_ValueError, "raw_slots(): a row is not bytes of its width");
            return NULL;
        }
        memcpy(cells->data + at + (k - start) * width, PyBytes_AS_STRING(row), (size_t)width);
    }
    Py_RETURN_NONE;
}

/* The first used bytes of cells written into the writable contiguous buffer dest from its
 * byte at on, then zeros up to cells' size; name is the caller's, for the errors. */
static PyObject *
copy_bytes(const char *name, PyObject *dest_object, CellsObject *cells, Py_ssize_t at,
           Py_ssize_t used)
{
    if (used < 0 || used > cells->nbytes) {
        PyErr_Format(PyExc_IndexError, "%s(): used is not within the tensor", name);
        return NULL;
    }
    Py_buffer dest;
    if (PyObject_GetBuffer(dest_object, &dest, PyBUF_WRITABLE) < 0) {
        return NULL;
    }
    if (at < 0 || at + cells->nbytes > dest.len) {
        PyBuffer_Release(&dest);
        PyErr_Format(PyExc_IndexError, "%s(): the tensor does not fit the buffer there", name);
        return NULL;
    }
    memcpy((char *)dest.buf + at, cells->data, (size_t)used);
    memset((char *)dest.buf + at + used, 0, (size_t)(cells->nbytes - used));
    PyBuffer_Release(&dest);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(copy_doc,
"copy(dest, cells, at): the bytes of cells written into dest (a writable, contiguous\n"
"buffer: a memoryview of the caller's array) from its byte at on, with one memcpy.");

static PyObject *
copy(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args("copy", nargs, 3) < 0) {
        return NULL;
    }
    CellsObject *cells = as_cells(args[1]);
    if (cells == NULL) {
        return NULL;
    }
    Py_ssize_t at = PyLong_AsSsize_t(args[2]);
    if (at == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return copy_bytes("copy", args[0], cells, at, cells->nbytes);
}

PyDoc_STRVAR(copy_used_doc,
"copy_used(dest, cells, used): the first used bytes of cells written into dest (a\n"
"writable contiguous buffer of at least cells' size), and zeros after them up to cells'\n"
"size: for a tensor whose bytes after used are all zero (no need to read them).");

static PyObject *
copy_used(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args("copy_used", nargs, 3) < 0) {
        return NULL;
    }
    CellsObject *cells = as_cells(args[1]);
    if (cells == NULL) {
        return NULL;
    }
    Py_ssize_t used = PyLong_AsSsize_t(args[2]);
    if (used == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return copy_bytes("copy_used", args[0], cells, 0, used);
}

static PyMethodDef cells_functions[] = {
    {"copy", (PyCFunction)(void (*)(void))copy, METH_FASTCALL, copy_doc},
    {"copy_used", (PyCFunction)(void (*)(void))copy_used, METH_FASTCALL, copy_used_doc},
    {"prefix", (PyCFunction)(void (*)(void))prefix, METH_FASTCALL, prefix_doc},
    {"slots", (PyCFunction)(void (*)(void))slots, METH_FASTCALL, slots_doc},
    {"opening", (PyCFunction)(void (*)(void))opening, METH_FASTCALL, opening_doc},
    {"numbers", (PyCFunction)(void (*)(void))numbers, METH_FASTCALL, numbers_doc},
    {"raw_decode", (PyCFunction)(void (*)(void))raw_decode, METH_FASTCALL, raw_decode_doc},
    {"raw_opening", (PyCFunction)(void (*)(void))raw_opening, METH_FASTCALL, raw_opening_doc},
    {"raw_slots", (PyCFunction)(void (*)(void))raw_slots, METH_FASTCALL, raw_slots_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cells_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "tapete.rl._cells",
    .m_doc = "The native tensor of the observation encoder's streams and the field updates "
             "written into it (optional: built with the wheel when a C compiler is there).",
    .m_size = -1,
    .m_methods = cells_functions,
};

PyMODINIT_FUNC
PyInit__cells(void)
{
    if (PyType_Ready(&CellsType) < 0 || PyType_Ready(&IdTableType) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&cells_module);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&CellsType);
    if (PyModule_AddObject(module, "Cells", (PyObject *)&CellsType) < 0) {
        Py_DECREF(&CellsType);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&IdTableType);
    if (PyModule_AddObject(module, "IdTable", (PyObject *)&IdTableType) < 0) {
        Py_DECREF(&IdTableType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
