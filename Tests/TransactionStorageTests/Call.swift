import TestSupport

typealias Call = UseCaseOutputSpy.Call
