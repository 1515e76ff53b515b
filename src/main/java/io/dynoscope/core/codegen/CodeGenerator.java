package io.dynoscope.core.codegen;

import io.dynoscope.core.model.ModelDocument;

/**
 * Turns a model into the files of one format: pure text from the model, written by plain Java (a
 * tree of JSON nodes for the infrastructure formats, lines of code for the others) rather than
 * templates, which would not be shorter for output this regular.
 */
public interface CodeGenerator {

    GeneratedCode generate(ModelDocument document);
}
